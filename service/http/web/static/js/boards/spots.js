/**
 * Spots' board: the six trick tiles, the deck and the supply, the trick in play with its dice, every seat's
 * dogs and yard, and Pes in a solo game. Board clicks: a tile (do that trick), a space on a dog or the yard
 * (place or bury the picked die), a filled dog's "complete" stamp, the treats (reroll), a rolled number (Fetch),
 * the deck's top dog (Retrieve), a die to take (Dogpile), a buried die's -1/+1 (Dig), a die to move (Trot).
 */

import { t } from '../i18n.js';
import { h, fill } from '../ui.js';

// Rule constants of the spec (sections 1.5 and 5): the catalogue's content does not carry them.
const DOGS_TO_WIN = 6;
const BUST_OVER = 7;

// Which cells of a 3 x 3 grid hold a pip, by face.
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

// What the seat on turn is deciding (`spots.doing.<phase>`) and, on the page's own turn, how to decide by
// clicking the board (`spots.how.<phase>`): the catalogue's keys, by phase.
const DOING = ['choose_action', 'rolled', 'place', 'offer', 'name_number', 'select', 'set_die', 'trot', 'dig',
  'set_aside', 'dogpile_take'];
const HOW = ['choose_action', 'rolled', 'place', 'select', 'set_die', 'trot', 'dig', 'dogpile_take'];

// The die the seat has picked to place, bury or move; kept across redraws while it can still be used.
let picked = null;
let lastDraw = null;
// The board piece a keyboard player was on ("" for any), kept while a redraw has left the focus nowhere.
let focusMemory = null;

/** Draw the game into root (clear and redraw every time). */
export function drawBoard(root, ctx) {
  lastDraw = { root, ctx };
  rememberFocus(root);
  fill(root, ctx.state ? table(ctx) : h('p', { class: 'spots-waiting' }, t('spots.waiting')));
  restoreFocus(root);
}

function rememberFocus(root) {
  const active = document.activeElement;
  if (root.contains(active)) focusMemory = active.dataset.focus || '';
  else if (active && active !== document.body) focusMemory = null;
}

// Back to the same piece, or to the first one that can be clicked now; the focus is left alone elsewhere.
function restoreFocus(root) {
  if (focusMemory === null) return;
  const same = focusMemory && root.querySelector(`[data-focus="${focusMemory}"]`);
  (same || root.querySelector('[data-move], [data-pick]'))?.focus({ preventScroll: true });
}

// --- the whole table -------------------------------------------------------------------------------------------

function table(ctx) {
  const game = makeGame(ctx);
  return h('div', { class: 'spots' },
    banner(game),
    h('div', { class: 'spots-common' }, tricks(game), supply(game)),
    game.state.phase === 'ended' ? null : trickInPlay(game),
    h('div', { class: 'spots-seats' }, ...seatOrder(game).map((i) => seatPanel(game, i)), pesPanel(game)),
  );
}

// Everything the drawing functions share: the context, the catalogue by id, and the seat's pick.
function makeGame(ctx) {
  const state = ctx.state;
  const game = {
    ctx, state,
    dogs: new Map(ctx.content.dog_cards.map((d) => [d.id, d])),
    tiles: new Map(ctx.content.tiles.map((t) => [t.id, t])),
    mine: ctx.seat !== null && ctx.seat !== undefined && state.active === ctx.seat && !!ctx.node,
  };
  game.pickable = pickableDice(game);
  if (!game.pickable.includes(picked)) picked = game.pickable[0] ?? null;
  return game;
}

// The seats in order, the page's own seat first.
function seatOrder(game) {
  const order = game.state.seats.map((_, i) => i);
  const own = game.ctx.seat;
  return own === null || own === undefined || !order.includes(own) ? order : [own, ...order.filter((i) => i !== own)];
}

function who(game, seat) {
  return seat === 'pes' ? t('result.pes') : game.ctx.names?.[seat] || t('seat.fallback', { number: seat + 1 });
}

function banner(game) {
  const { state } = game;
  if (state.phase === 'ended') {
    const text = state.winner === 'pes'
      ? t('spots.pes-wins', { count: DOGS_TO_WIN })
      : t('spots.wins', { name: who(game, state.winner), count: DOGS_TO_WIN });
    return h('p', { class: 'spots-banner spots-over', 'data-key': 'banner' }, text);
  }
  if (!game.mine) {
    const doing = DOING.includes(state.phase) ? `spots.doing.${state.phase}` : 'spots.doing.other';
    const line = state.active === null ? t('spots.setting-up')
      : state.active === 'pes' ? t('spots.pes-turn') : t(doing, { name: who(game, state.active) });
    return h('p', { class: 'spots-banner', 'data-key': 'banner' }, line);
  }
  return h('div', { class: 'spots-banner spots-yours' },
    h('strong', { 'data-key': 'banner' }, `${t('game.your-turn')} `),
    t(HOW.includes(state.phase) ? `spots.how.${state.phase}` : 'spots.how.other'));
}

// --- tricks, deck, supply --------------------------------------------------------------------------------------

function tricks(game) {
  const inPlay = game.state.trick?.tile;
  return h('section', { class: 'spots-tricks', 'aria-label': t('spots.tricks') },
    ...game.state.positions.map((pos, i) => tileCard(game, pos, i + 1, inPlay)));
}

function tileCard(game, pos, number, inPlay) {
  const tile = game.tiles.get(pos.tile);
  const face = h('div', { class: 'spots-tile-face', 'data-key': `tile-${number}` },
    h('span', { class: 'spots-tile-number' }, String(number)),
    h('span', { class: 'spots-tile-title' }, tilePicture(tile), h('strong', { class: 'spots-tile-name' }, tile.name)),
    h('span', { class: 'spots-tile-state' },
      pos.face_up ? t('spots.face-up') : t('spots.face-down'),
      pos.size > 1 ? ` · ${t('spots.stack', { count: pos.size })}` : ''),
    pos.treats ? treats(pos.treats) : null);
  const looks = classes(`spots-${tile.colour}`, !pos.face_up && 'spots-down', pos.tile === inPlay && 'spots-doing');
  const card = h('div', { class: `spots-tile ${looks}`, 'data-target': pos.tile }, face);
  offer(card, game, (c) => c.type === 'ChooseTrick' && c.tile === pos.tile, `tile-${number}`);
  return card;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

// A trick tile's picture: a paw print in its colour band's colour, a toe per step it does (two, three or four),
// titled with its name and its steps in the server's words (the tooltip, and what a screen reader says).
function tilePicture(tile) {
  const toes = [[6, 8], [11, 4.5], [17, 4.5], [22, 8]].slice(0, Math.max(2, Math.min(4, tile.steps.length)));
  const rule = `${tile.name}: ${(tile.step_names || []).map((step) => step.name).join(', ')}`;
  return svg('svg', { class: 'spots-tile-pic', viewBox: '0 0 28 28', role: 'img', 'aria-label': tile.name },
    svg('title', {}, rule),
    svg('ellipse', { cx: 14, cy: 18.5, rx: 7, ry: 6 }),
    ...toes.map(([cx, cy]) => svg('ellipse', { cx, cy, rx: 2.6, ry: 3.2 })));
}

function supply(game) {
  const { state } = game;
  const top = state.deck.top;
  const deck = h('div', { class: 'spots-deck' },
    h('span', { class: 'spots-label' }, t('spots.deck', { count: state.deck.size })),
    top ? dogFace(game, top, { setDie: state.phase === 'set_die' }) : h('span', {}, t('spots.empty')));
  return h('section', { class: 'spots-supply', 'aria-label': t('spots.supply-label') },
    h('p', { class: 'spots-label', 'data-key': 'supply' },
      t('spots.supply', { count: state.supply.length }), ' ', treats(state.supply_treats)),
    deck);
}

// --- the trick in play -----------------------------------------------------------------------------------------

function trickInPlay(game) {
  const trick = game.state.trick;
  if (!trick) return null;
  const tile = game.tiles.get(trick.tile);
  const count = trick.count > 1 ? ` (${t('spots.times', { count: trick.count })})` : '';
  return h('section', { class: `spots-trick spots-${tile.colour}`, 'aria-label': t('spots.trick-label') },
    h('p', { class: 'spots-trick-title', 'data-key': 'trick' },
      `${t('spots.trick-by', { name: who(game, game.state.active) })} `, h('strong', {}, tile.name), count,
      trick.number ? ` · ${t('spots.named', { number: trick.number })}` : ''),
    diceRow(game, t('spots.rolled'), trick.pending, 'pending'),
    diceRow(game, t('spots.set-aside'), trick.set_aside, 'aside'),
    diceRow(game, t('spots.taken'), trick.taken, 'taken'));
}

function diceRow(game, label, dice, where) {
  if (!dice.length) return null;
  return h('div', { class: 'spots-row' },
    h('span', { class: 'spots-label' }, label),
    h('div', { class: 'spots-dice' }, ...dice.map((d) => trickDie(game, d, where))));
}

function trickDie(game, id, where) {
  const value = where === 'aside' ? 0 : game.state.values[id];
  const node = die(value, `die-${id}@${where}`);
  if (where !== 'pending') return node;
  const hit = control(node, `die-${id}`);
  if (offer(hit, game, (c) => c.type === 'ChooseNumber' && game.state.phase === 'select' && c.n === value,
    `die-${id}`)) return hit;
  return pickable(game, hit, id);
}

// --- a seat ----------------------------------------------------------------------------------------------------

function seatPanel(game, i) {
  const seat = game.state.seats[i];
  const done = seat.pack.filter((c) => c.done).length;
  const paws = seat.pack.reduce((sum, c) => sum + game.dogs.get(c.card).paws, 0);
  const active = game.state.active === i && game.state.phase !== 'ended';
  const winner = game.state.winner === i;
  const looks = classes(active && 'spots-active', i === game.ctx.seat && 'spots-own', winner && 'spots-winner');
  return h('section', { class: `spots-seat ${looks}`, 'aria-label': who(game, i) },
    h('header', { class: 'spots-seat-head' },
      h('strong', { class: 'spots-seat-name' }, active ? '▶ ' : '', who(game, i)),
      h('span', { class: 'spots-score', 'data-key': `done-${i}` }, t('spots.done', { done, count: DOGS_TO_WIN })),
      treatsChip(game, i, seat.treats),
      h('span', { class: 'spots-paws', 'data-key': `paws-${i}` }, t('spots.paws', { count: paws }))),
    yard(game, i, seat),
    h('div', { class: 'spots-pack' }, ...seat.pack.map((card) => dogCard(game, i, card))));
}

function treatsChip(game, i, n) {
  const chip = control(treats(n, `treats-${i}`));
  const roll = game.state.trick?.roll || [];
  if (game.state.active === i) {
    offer(chip, game, (c) => c.type === 'SpendTreat' && c.dice.length === roll.length, `treats-${i}`);
  }
  return chip;
}

function yard(game, i, seat) {
  const total = seat.yard.reduce((sum, d) => sum + game.state.values[d], 0);
  const risky = total > BUST_OVER - 2 ? ' spots-risky' : '';
  const box = h('div', { class: `spots-yard${risky}`, 'data-target': `yard-${i}` },
    h('span', { class: 'spots-label', 'data-key': `yard-${i}` }, t('spots.yard', { total, limit: BUST_OVER })),
    h('span', { class: 'spots-meter', 'aria-hidden': 'true' },
      h('span', { style: `width:${Math.min(100, (100 * total) / BUST_OVER)}%` })),
    h('div', { class: 'spots-dice' }, ...seat.yard.map((d) => buriedDie(game, d, i))),
    seat.yard.length ? null : h('span', { class: 'spots-empty' }, t('spots.empty')));
  if (picked !== null && i === game.ctx.seat) {
    offer(box, game, (c) => c.type === 'BuryDie' && c.die === picked, `yard-${i}`);
  }
  return box;
}

function buriedDie(game, id, owner) {
  const node = die(game.state.values[id], `die-${id}@yard-${owner}`);
  const hit = control(node, `die-${id}`);
  if (offer(hit, game, (c) => c.type === 'TakeDie' && c.die === id, `die-${id}`)) return hit;
  const adjust = [-1, 1].map((delta) => {
    const chip = h('span', { class: 'spots-adjust' }, delta < 0 ? '-1' : '+1');
    return offer(chip, game, (c) => c.type === 'AdjustBuriedDie' && c.die === id && c.delta === delta,
      `dig-${id}${delta}`) ? chip : null;
  }).filter(Boolean);
  return adjust.length ? h('span', { class: 'spots-dig' }, node, ...adjust) : node;
}

// --- dog cards -------------------------------------------------------------------------------------------------

function dogCard(game, owner, card) {
  const dog = game.dogs.get(card.card);
  if (card.done) {
    return h('div', { class: 'spots-dog spots-done', 'data-key': `dog-${card.card}-done` },
      h('strong', {}, dog.name), h('span', { class: 'spots-stamp' }, t('spots.completed')), pawMarks(dog.paws));
  }
  const filled = Object.values(card.spaces).every((d) => d !== null);
  const node = h('div', { class: `spots-dog${filled ? ' spots-filled' : ''}`, 'data-target': `dog-${card.card}` },
    h('div', { class: 'spots-dog-head', 'data-key': `dog-${card.card}` },
      h('strong', {}, dog.name), pawMarks(dog.paws)),
    h('div', { class: 'spots-spaces' },
      ...dog.spaces.map((v) => space(game, owner, card.card, v, card.spaces[String(v)]))));
  if (filled) node.append(completeStamp(game, owner));
  return node;
}

function completeStamp(game, owner) {
  const stamp = h('span', { class: 'spots-stamp' }, t('spots.filled'));
  if (owner === game.state.active && offer(stamp, game, (c) => c.type === 'CompleteDogs', `complete-${owner}`)) {
    stamp.textContent = t('spots.complete');
  }
  return stamp;
}

function space(game, owner, cardId, value, id) {
  const full = id !== null && id !== undefined;
  // A choice names a die by its id wherever it lies, an empty space by its dog and value.
  const slot = h('span', {
    class: `spots-space${full ? ' spots-full' : ''}`, 'data-target': full ? `die-${id}` : `dog-${cardId}-${value}`,
  },
    full ? die(game.state.values[id], `die-${id}@dog-${cardId}`) : die(value, null, true));
  if (full) {
    if (!offer(slot, game, (c) => c.type === 'TakeDie' && c.die === id, `die-${id}`)) pickable(game, slot, id);
    return slot;
  }
  if (picked === null || owner !== game.ctx.seat) return slot;
  offer(slot, game, (c) => (c.type === 'PlaceDie' && c.die === picked && c.card === cardId)
    || (c.type === 'MoveDie' && c.die === picked && c.card === cardId && c.value === value),
  `space-${cardId}-${value}`);
  return slot;
}

// A dog card face, as the deck's top shows it; in Retrieve its numbers are the choices.
function dogFace(game, id, { setDie }) {
  const dog = game.dogs.get(id);
  return h('div', { class: 'spots-dog spots-top' },
    h('div', { class: 'spots-dog-head', 'data-key': `deck-top-${id}` },
      h('strong', {}, dog.name), pawMarks(dog.paws)),
    h('div', { class: 'spots-spaces' }, ...dog.spaces.map((v) => {
      const slot = h('span', { class: 'spots-space', 'data-target': `dog-${id}-${v}` }, die(v, null, true));
      if (setDie) offer(slot, game, (c) => c.type === 'ChooseNumber' && c.n === v, `set-${v}`);
      return slot;
    })));
}

function pawMarks(n) {
  const paws = t('spots.paws', { count: n });
  return n ? h('span', { class: 'spots-paw', title: paws, role: 'img', 'aria-label': paws }, '●'.repeat(n)) : null;
}

// --- Pes -------------------------------------------------------------------------------------------------------

function pesPanel(game) {
  const pes = game.state.pes;
  if (!pes) return null;
  const active = game.state.active === 'pes' && game.state.phase !== 'ended';
  return h('section', {
    class: classes('spots-seat spots-pes', active && 'spots-active', game.state.winner === 'pes' && 'spots-winner'),
    'aria-label': t('spots.pes-label'),
  },
    h('header', { class: 'spots-seat-head' },
      h('strong', { class: 'spots-seat-name' }, active ? '▶ ' : '', t('spots.pes-automatic')),
      h('span', { class: 'spots-score', 'data-key': 'done-pes' },
        t('spots.done', { done: pes.pile.length, count: DOGS_TO_WIN })),
      treats(pes.treats, 'treats-pes')),
    h('div', { class: 'spots-pack' }, ...pes.pile.map((id) => h('div', {
      class: 'spots-dog spots-done', 'data-key': `pes-dog-${id}`,
    }, h('strong', {}, game.dogs.get(id).name), h('span', { class: 'spots-stamp' }, t('result.pes'))))));
}

// --- dice, treats, picking, moves ------------------------------------------------------------------------------

// A die face with pips; ghost: an empty space showing the value it needs.
function die(value, key, ghost = false) {
  const label = value ? t(ghost ? 'spots.die-needs' : 'spots.die-showing', { value }) : t('spots.die-unrolled');
  const looks = classes('spots-die', ghost && 'spots-ghost');
  return h('span', { class: looks, role: 'img', 'aria-label': label, 'data-key': key },
    Array.from({ length: 9 }, (_, cell) => h('span', { class: PIPS[value]?.includes(cell) ? 'spots-pip' : null })));
}

function treats(n, key = null) {
  return h('span', { class: 'spots-treats', 'data-key': key },
    h('span', { class: 'spots-bone', 'aria-hidden': 'true' }), t('spots.treats', { count: n }));
}

// "a b": the class names given, the false ones left out.
function classes(...names) {
  return names.filter(Boolean).join(' ');
}

// A wrapper that carries a click, so that the keyed piece inside changes only when the game does; `target`: how a
// choice names what it holds.
function control(piece, target = null) {
  return h('span', { class: 'spots-control', 'data-target': target }, piece);
}

// The dice the seat may pick: rolled dice to place or bury, or (Trot) dice on its dogs that may move.
function pickableDice(game) {
  if (!game.mine) return [];
  const kind = { place: 'BuryDie', trot: 'MoveDie' }[game.state.phase];
  return kind ? [...new Set(game.ctx.moves.filter((m) => m.command.type === kind).map((m) => m.command.die))] : [];
}

// A die the seat may pick: a toggle of the board itself, not a move; the next click says where it goes.
function pickable(game, node, id) {
  if (!game.pickable.includes(id)) return node;
  const isPicked = id === picked;
  node.classList.add('spots-pickable');
  node.classList.toggle('spots-picked', isPicked);
  node.tabIndex = 0;
  node.setAttribute('role', 'button');
  node.setAttribute('aria-pressed', String(isPicked));
  node.setAttribute('aria-label', t('spots.pick', { value: game.state.values[id] }));
  node.dataset.focus = `pick-${id}`;
  node.dataset.pick = String(id);
  const choose = (event) => {
    if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    picked = id;
    drawBoard(lastDraw.root, lastDraw.ctx);
  };
  node.addEventListener('click', choose);
  node.addEventListener('keydown', choose);
  return node;
}

// Make node the board's click for the first of ctx.moves that matches; true when there is one.
function offer(node, game, matches, focus) {
  const i = game.ctx.moves.findIndex((m) => matches(m.command));
  if (i < 0) return false;
  node.dataset.move = String(i);
  node.dataset.focus = focus;
  node.classList.add('playable');
  node.tabIndex = 0;
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', game.ctx.moves[i].label);
  node.title = game.ctx.moves[i].label;
  return true;
}
