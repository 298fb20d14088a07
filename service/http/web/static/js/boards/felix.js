// Felix: The Cat in the Sack. The row of cards up for auction (face down in their owner's colour, or face
// up), the mouse cards and the bank, each seat's mice, bid and won sack, and the seat's own hand.
// A card in hand is the click that plays it; the row is the click that buys it for one mouse; the auction
// box holds the lowest bid and every other decision (pass, buy, decline) as chips. Higher bids are in the
// shell's move buttons.

import { t } from '../i18n.js';
import { h, fill } from '../ui.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const signed = (value) => (value < 0 ? `−${-value}` : String(value));
const mice = (count) => t('felix.mice', { count });

/** Offer ctx.moves[index] as a click on node (the shell sends it); no index, no offer. */
function offer(node, moves, index) {
  if (index === undefined) return node;
  node.dataset.move = String(index);
  node.classList.add('playable');
  node.tabIndex = 0;
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', moves[index].label);
  node.title = moves[index].label;
  return node;
}

/** The moves by what they act on: {cards: card id -> index, BuyForOne, chips: [index]} (indices in moves). */
function movesOnBoard(moves) {
  const found = { cards: new Map(), chips: [] };
  let lowestBid;
  moves.forEach(({ command }, index) => {
    if (command.type === 'PlayCard') found.cards.set(command.card, index);
    else if (command.type !== 'Bid') found.chips.push(index);
    else if (lowestBid === undefined || command.amount < moves[lowestBid].command.amount) lowestBid = index;
    if (command.type === 'BuyForOne') found.BuyForOne = index;
  });
  // Of the many bids the board offers the lowest; the shell's move buttons list every amount.
  if (lowestBid !== undefined) found.chips.unshift(lowestBid);
  return found;
}

/** Card id -> the catalogue's card with its kind ({name, value, dog}) as `kindInfo`. */
function catalogue(content) {
  const kinds = new Map(content.kinds.map((kind) => [kind.id, kind]));
  return new Map(content.cards.map((card) => [card.id, { ...card, kindInfo: kinds.get(card.kind) }]));
}

function seatName(ctx, owner) {
  if (owner === ctx.content.dummy.owner) return t('felix.dummy');
  return ctx.names?.[owner] ?? t('seat.fallback', { number: owner + 1 });
}

/** An SVG element with its attributes (presentation only: the page's CSP allows no style markup). */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

// The card's animal, drawn in the set's colour: a cat (a frowning one below zero), the rabbit, a large or small dog.
const PICTURES = {
  cat: () => [
    svg('path', { d: 'M8 19 L10 4 L18 12 Z M32 19 L30 4 L22 12 Z' }),
    svg('circle', { cx: 20, cy: 23, r: 12 }),
    svg('circle', { cx: 15.5, cy: 21, r: 1.8, class: 'felix-pic-eye' }),
    svg('circle', { cx: 24.5, cy: 21, r: 1.8, class: 'felix-pic-eye' }),
    svg('path', { d: 'M18.5 26 h3 l-1.5 2 z M6 25 h8 M6 29 l8 -2 M34 25 h-8 M34 29 l-8 -2', class: 'felix-pic-line' }),
  ],
  minus: () => [...PICTURES.cat(), svg('path', { d: 'M16 32 q4 -3 8 0', class: 'felix-pic-line' })],
  rabbit: () => [
    svg('ellipse', { cx: 15, cy: 10, rx: 3.5, ry: 9 }),
    svg('ellipse', { cx: 25, cy: 10, rx: 3.5, ry: 9 }),
    svg('circle', { cx: 20, cy: 26, r: 10 }),
    svg('circle', { cx: 16.5, cy: 24, r: 1.6, class: 'felix-pic-eye' }),
    svg('circle', { cx: 23.5, cy: 24, r: 1.6, class: 'felix-pic-eye' }),
    svg('path', { d: 'M18.5 29 h3 l-1.5 1.8 z', class: 'felix-pic-line' }),
  ],
  dog: (scale) => [svg('g', { transform: `translate(20 22) scale(${scale}) translate(-20 -22)` },
    svg('ellipse', { cx: 8, cy: 20, rx: 4.5, ry: 9, class: 'felix-pic-ear' }),
    svg('ellipse', { cx: 32, cy: 20, rx: 4.5, ry: 9, class: 'felix-pic-ear' }),
    svg('circle', { cx: 20, cy: 20, r: 12 }),
    svg('ellipse', { cx: 20, cy: 27, rx: 6.5, ry: 5, class: 'felix-pic-snout' }),
    svg('circle', { cx: 15.5, cy: 18, r: 1.8, class: 'felix-pic-eye' }),
    svg('circle', { cx: 24.5, cy: 18, r: 1.8, class: 'felix-pic-eye' }),
    svg('ellipse', { cx: 20, cy: 25, rx: 2.6, ry: 1.8, class: 'felix-pic-eye' }))],
};

/** What a card does, in the player's words: its kind's rule. */
function ruleOf(kindInfo) {
  if (kindInfo.dog) return t(`felix.rule-${kindInfo.id}`);
  if (kindInfo.value === 0) return t('felix.rule-rabbit');
  return t('felix.rule-cat', { value: signed(kindInfo.value) });
}

/** The card's picture, its name and rule as the SVG's title (a tooltip, and what a screen reader says). */
function picture(kindInfo) {
  const { dog, value, id } = kindInfo;
  let drawing;
  if (dog) drawing = PICTURES.dog(id === 'bigdog' ? 1.25 : 0.85);
  else if (value === 0) drawing = PICTURES.rabbit();
  else drawing = value < 0 ? PICTURES.minus() : PICTURES.cat();
  return svg('svg', { class: 'felix-pic', viewBox: '0 0 40 40', role: 'img', 'aria-label': kindInfo.name },
    svg('title', {}, `${kindInfo.name}: ${ruleOf(kindInfo)}`), ...drawing);
}

function cardFace(cards, id, extraClass = '') {
  const card = cards.get(id);
  const { value, dog, name } = card.kindInfo;
  const kind = dog ? 'felix-dog' : value === 0 ? 'felix-rabbit' : value < 0 ? 'felix-minus' : 'felix-cat';
  return h(
    'div',
    // `data-target`: how a choice names the card; the title, its rule for a pointer's hover.
    { class: `felix-card felix-face felix-set-${card.set} ${kind} ${extraClass}`.trim(), 'data-target': id },
    h('span', { class: 'felix-card-value', 'aria-hidden': 'true' }, dog ? '' : signed(value)),
    picture(card.kindInfo),
    h('span', { class: 'felix-card-name' }, name),
  );
}

function cardBack(set, label) {
  return h(
    'div',
    { class: `felix-card felix-back felix-set-${set}`, 'aria-label': label, role: 'img' },
    h('span', { class: 'felix-card-name' }, t('felix.sack')),
  );
}

function rowSlot(ctx, cards, slot) {
  const owner = seatName(ctx, slot.owner);
  const set = slot.owner === ctx.content.dummy.owner ? ctx.content.dummy.set : slot.owner;
  let card;
  // A face-down card the view names is the seat's own: shown to it, marked as still hidden from the others.
  if (slot.face_up) card = cardFace(cards, slot.card);
  else if (slot.card) card = cardFace(cards, slot.card, 'felix-own-down');
  else card = cardBack(set, t('felix.face-down-card', { owner }));
  const caption = slot.face_up || !slot.card ? owner : t('felix.owner-face-down', { owner });
  return h(
    'li',
    { class: 'felix-slot', 'data-key': `row-${slot.position}` },
    card,
    h('span', { class: 'felix-slot-owner' }, caption),
  );
}

function row(ctx, cards, board) {
  const { state } = ctx;
  const slots = [...state.row].sort((a, b) => a.position - b.position).map((slot) => rowSlot(ctx, cards, slot));
  if (state.phase === 'placing') {
    const next = h('div', { class: 'felix-card' });
    slots.push(h('li', { class: 'felix-slot felix-slot-next', 'aria-hidden': 'true' }, next));
  }
  const cardsInRow = h('ol', { class: 'felix-row-cards', 'aria-label': t('felix.row') }, slots);
  const list = offer(cardsInRow, ctx.moves, board.BuyForOne);
  return h(
    'section',
    { class: 'felix-row' },
    h('h3', {}, t('felix.sack-up')),
    h(
      'div',
      { class: 'felix-row-line' },
      h('div', { class: 'felix-sack-marker', 'aria-hidden': 'true' }, t('felix.cat-in-the-sack')),
      list,
    ),
  );
}

function auction(ctx, board) {
  const { state, moves } = ctx;
  // A pass is paid from the lowest mouse card that still holds mice.
  const payout = state.mouse_cards.find((card) => card.mice > 0);
  const mouseCards = state.mouse_cards.map((card) =>
    h(
      'li',
      {
        class: card === payout ? 'felix-mouse-card felix-next-payout' : 'felix-mouse-card',
        'data-key': `mouse-card-${card.value}`,
      },
      h('span', { class: 'felix-mouse-value' }, t('felix.mouse-card', { value: card.value })),
      h('span', {}, mice(card.mice)),
    ),
  );
  let high = t('felix.no-bid');
  if (state.result) high = t('felix.over', { count: state.rounds });
  else if (state.high_bidder !== null) {
    high = t('felix.high-bid', { count: state.high, name: seatName(ctx, state.high_bidder) });
  }
  const chips = board.chips.map((i) => offer(h('span', { class: 'felix-chip' }, moves[i].label), moves, i));
  return h(
    'section',
    { class: 'felix-auction' },
    h('h3', {}, t('felix.round', { round: state.round, rounds: state.rounds })),
    h('p', { class: 'felix-high', 'data-key': 'high' }, high),
    h('p', { class: 'felix-bank', 'data-key': 'bank' }, t('felix.bank', { mice: mice(state.bank) })),
    h('ul', { class: 'felix-mouse-cards', 'aria-label': t('felix.mouse-cards') }, mouseCards),
    state.dummy_stack_size
      ? h('p', { class: 'felix-dummy' }, t('felix.dummy-stack', { count: state.dummy_stack_size })) : null,
    chips.length ? h('p', { class: 'felix-actions' }, chips) : null,
  );
}

function badges(ctx, seat) {
  const { state } = ctx;
  const marks = [];
  if (state.result) {
    if (state.result.winners.includes(seat)) marks.push(['felix-winner', t('felix.winner')]);
  } else {
    if (state.turn === seat) marks.push(['felix-turn', t('felix.to-act')]);
    if (state.start_seat === seat) marks.push(['felix-start', t('felix.starts')]);
    if (state.passed.includes(seat)) marks.push(['felix-passed', t('felix.passed')]);
    if (state.high_bidder === seat) marks.push(['felix-high-bidder', t('felix.high-bidder')]);
  }
  return marks.map(([name, text]) => h('span', { class: `felix-badge ${name}` }, text));
}

function sack(ctx, cards, seat) {
  const won = ctx.state.won[seat];
  if (won === null) return h('p', { class: 'felix-sack' }, t('felix.sack-cards', { count: ctx.state.won_sizes[seat] }));
  if (!won.length) return h('p', { class: 'felix-sack' }, t('felix.sack-empty'));
  const shown = won.map((id) => cardFace(cards, id));
  return h('div', { class: 'felix-sack' }, h('span', {}, t('felix.sack-label')),
    h('div', { class: 'felix-mini' }, shown));
}

function seatPanel(ctx, cards, seat) {
  const { state } = ctx;
  const own = state.mice[seat];
  const score = state.result?.scores.find((entry) => entry.seat === seat);
  const classes = ['felix-seat', `felix-set-${seat}`];
  if (seat === ctx.seat) classes.push('felix-you');
  if (state.turn === seat) classes.push('felix-acting');
  const stats = t('felix.stats', {
    mice: own === null ? t('felix.hidden') : own, table: state.table[seat], hand: state.hand_sizes[seat],
  });
  return h(
    'li',
    { class: classes.join(' '), 'data-key': `seat-${seat}` },
    h(
      'p',
      { class: 'felix-seat-name' },
      h('span', { class: 'felix-swatch', 'aria-hidden': 'true' }),
      seatName(ctx, seat),
      badges(ctx, seat),
    ),
    h('p', { class: 'felix-seat-stats' }, stats),
    sack(ctx, cards, seat),
    score
      ? h('p', { class: 'felix-score' },
        t('felix.score', { cats: signed(score.cat_points), mice: score.mice, total: score.total }))
      : null,
  );
}

function hand(ctx, cards, board) {
  const mine = ctx.seat === null || ctx.seat === undefined ? null : ctx.state.hands[ctx.seat];
  if (!mine) return null;
  const items = mine.map((id) =>
    h('li', { 'data-key': `hand-${id}` }, offer(cardFace(cards, id), ctx.moves, board.cards.get(id))),
  );
  const prompt = board.cards.size ? t('felix.hand-pick') : t('felix.hand');
  return h('section', { class: 'felix-hand' }, h('h3', {}, prompt), h('ol', { class: 'felix-hand-cards' }, items));
}

function outOfPlay(ctx, cards) {
  const { state } = ctx;
  const removed = state.setup_removed ? Object.values(state.setup_removed) : [];
  if (!state.out_of_play.length && !removed.length) return null;
  const mini = (ids) => ids.map((id) => cardFace(cards, id));
  return h(
    'section',
    { class: 'felix-out' },
    h('h3', {}, t('felix.out')),
    h('div', { class: 'felix-mini', 'data-key': 'out-of-play' }, mini(state.out_of_play)),
    removed.length ? h('p', {}, `${t('felix.removed')} `, h('span', { class: 'felix-mini' }, mini(removed))) : null,
  );
}

/** Draw the game into root (clear and redraw every time). */
export function drawBoard(root, ctx) {
  if (!ctx.state) {
    const waiting = t('felix.waiting');
    fill(root, h('p', { class: 'felix-waiting' }, waiting));
    return;
  }
  const cards = catalogue(ctx.content);
  const board = movesOnBoard(ctx.moves);
  const seats = Array.from({ length: ctx.state.players }, (_, seat) => seatPanel(ctx, cards, seat));
  fill(
    root,
    h(
      'div',
      { class: 'felix' },
      h('div', { class: 'felix-table' }, row(ctx, cards, board), auction(ctx, board)),
      hand(ctx, cards, board),
      h('ul', { class: 'felix-seats', 'aria-label': t('felix.players') }, seats),
      outOfPlay(ctx, cards),
    ),
  );
}
