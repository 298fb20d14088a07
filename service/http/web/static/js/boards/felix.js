// Felix: The Cat in the Sack. The row of cards up for auction (face down in their owner's colour, or face
// up), the mouse cards and the bank, each seat's mice, bid and won sack, and the seat's own hand.
// A card in hand is the click that plays it; the row is the click that buys it for one mouse; the auction
// box holds the lowest bid and every other decision (pass, buy, decline) as chips. Higher bids are in the
// shell's move buttons.

import { t } from '../i18n.js';
import { h, fill } from '../ui.js';

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

function cardFace(cards, id, extraClass = '') {
  const card = cards.get(id);
  const { value, dog, name } = card.kindInfo;
  const kind = dog ? 'felix-dog' : value === 0 ? 'felix-rabbit' : value < 0 ? 'felix-minus' : 'felix-cat';
  return h(
    'div',
    // `data-target`: how a choice names the card.
    { class: `felix-card felix-face felix-set-${card.set} ${kind} ${extraClass}`.trim(), 'data-target': id },
    h('span', { class: 'felix-card-value', 'aria-hidden': 'true' }, dog ? t('felix.dog') : signed(value)),
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
