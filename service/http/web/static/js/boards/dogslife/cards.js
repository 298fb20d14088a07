// A Dog's Life's cards, deck and carried items drawn as SVG pictures of the project's own design, each with its
// rule as its <title> (the tooltip a pointer shows, what a screen reader says) in the player's language. A card
// reads top to bottom as the spec's row `trash | restaurant | newspaper | claws | truck | pound` (§2.4).

import { t } from '../../i18n.js';
import { h } from '../../ui.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The sections of a result card in the order printed, each with the drawing of its icon. */
const SECTIONS = ['trash', 'restaurant', 'newspaper', 'attack', 'escape', 'pound'];
/** A card's size in its own units, and where its first section row starts and how tall each is. */
const CARD_W = 40;
const CARD_H = 60;
const ROWS_TOP = 11;
const ROW_H = 8;

/** An SVG element; `style` goes through the CSSOM (the page's Content-Security-Policy refuses it as markup). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === 'style') node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** An SVG <title>: the tooltip of what holds it. */
export function title(text) {
  return svg('title', {}, text);
}

// --- the rule a card tells -----------------------------------------------------------------------------------------

/** A find (trash, restaurant, newspaper): "B" a bone, a number that many days of food, null nothing. */
function findText(value) {
  if (value === 'B') return t('dogslife.find.bone');
  if (typeof value === 'number') return t('dogslife.find.food', { count: value });
  return t('dogslife.find.nothing');
}

const RESULT_TEXT = {
  trash: findText,
  restaurant: findText,
  newspaper: findText,
  attack: (value) => t('dogslife.find.claws', { count: value }),
  escape: (value) => t(`dogslife.find.${value}`),
  pound: (value) => t(`dogslife.find.${value}`),
};

/** A result card's rule in the player's words: every section's result (the shuffle card never lies face up). */
function cardRule(card) {
  return SECTIONS.map((section) => `${t(`dogslife.section.${section}`)}: ${RESULT_TEXT[section](card[section])}`)
    .join(' · ');
}

// --- the pictures ------------------------------------------------------------------------------------------------

/** Each section's icon in a 7 x 7 box whose top left is (x, y). */
const ICONS = {
  trash: (x, y) => [
    svg('rect', { x: x + 1.2, y: y + 1.8, width: 4.6, height: 5, rx: 0.6 }),
    svg('line', { x1: x + 0.6, y1: y + 1.2, x2: x + 6.4, y2: y + 1.2 }),
  ],
  restaurant: (x, y) => [
    svg('circle', { cx: x + 4, cy: y + 3.8, r: 2.6 }),
    svg('line', { x1: x + 0.6, y1: y + 0.8, x2: x + 0.6, y2: y + 6.8 }),
  ],
  newspaper: (x, y) => paper(x + 3.5, y + 3.6, 1),
  attack: (x, y) => [0, 2, 4].map((d) => svg('line', { x1: x + 1 + d, y1: y + 6.5, x2: x + 2.4 + d, y2: y + 0.8 })),
  escape: (x, y) => [
    svg('rect', { x: x + 0.3, y: y + 1.8, width: 4, height: 4, rx: 0.4 }),
    svg('rect', { x: x + 4.6, y: y + 2.8, width: 2.2, height: 3, rx: 0.5 }),
  ],
  pound: (x, y) => [
    svg('rect', { x: x + 0.5, y: y + 0.8, width: 6, height: 6, rx: 0.4 }),
    ...[2.5, 4.5].map((dx) => svg('line', { x1: x + dx, y1: y + 0.8, x2: x + dx, y2: y + 6.8 })),
  ],
};

/** A newspaper centred on (x, y), `scale` times its size on a card; its print lines unless an address covers it. */
function paper(x, y, scale, printed = true) {
  const w = 6 * scale;
  const hgt = 4.6 * scale;
  return [
    svg('rect', { class: 'dl-pic-paper', x: x - w / 2, y: y - hgt / 2, width: w, height: hgt, rx: 0.3 * scale }),
    ...(printed ? [-0.25, 0.15] : []).map((f) => svg('line', {
      class: 'dl-pic-print', x1: x - w / 3, y1: y + f * hgt, x2: x + w / 3, y2: y + f * hgt,
    })),
  ];
}

/** A bone centred on (x, y), `scale` times its size on a card. */
function bone(x, y, scale) {
  const ends = [[-2, -0.7], [-2, 0.7], [2, -0.7], [2, 0.7]];
  return svg('g', { class: 'dl-pic-bone' },
    svg('rect', { x: x - 2 * scale, y: y - 0.55 * scale, width: 4 * scale, height: 1.1 * scale }),
    ...ends.map(([dx, dy]) => svg('circle', { cx: x + dx * scale, cy: y + dy * scale, r: 0.8 * scale })));
}

/** A section's result as a picture at the row whose middle is y: bone, food bowls, nothing, claws, net, door. */
function resultPicture(section, value, y) {
  const x = 14;
  if (['trash', 'restaurant', 'newspaper'].includes(section)) {
    if (value === 'B') return bone(x + 4, y, 1.3);
    if (typeof value === 'number') {
      return svg('g', { class: 'dl-pic-food' },
        ...Array.from({ length: value }, (_, i) => svg('circle', { cx: x + 1.5 + i * 4.2, cy: y, r: 1.6 })));
    }
    return svg('line', { class: 'dl-pic-none', x1: x, y1: y, x2: x + 6, y2: y });
  }
  if (section === 'attack') return svg('text', { class: 'dl-pic-claws', x: x + 1, y: y + 0.2 }, String(value));
  const good = value === 'escaped' || value === 'leave';
  if (good) {
    // An arrow out: the dog gets away.
    return svg('path', { class: 'dl-pic-free', d: `M${x} ${y}h7m-2.6 -2.6l2.6 2.6l-2.6 2.6` });
  }
  // A cross: caught, or kept in the pound.
  return svg('path', { class: 'dl-pic-held', d: `M${x} ${y - 2.5}l5 5m0 -5l-5 5` });
}

/** A result card's face: its id on a band of its dog's colour, then a row per section. */
export function cardPicture(card, classes = '') {
  const number = card.id.slice(2).replace(/^0/, '');
  const face = svg('svg', {
    class: 'dl-card-pic', viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: 'img', 'aria-label': card.name,
  }, title(`${card.name}: ${cardRule(card)}`),
  svg('rect', { class: 'dl-card-edge', x: 0.5, y: 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 3 }),
  svg('rect', { class: 'dl-card-band', x: 0.5, y: 0.5, width: CARD_W - 1, height: 9, rx: 3 }),
  svg('text', { class: 'dl-card-id', x: CARD_W / 2, y: 5.4 }, `${card.id.slice(0, 2)} ${number}`));
  SECTIONS.forEach((section, i) => {
    const y = ROWS_TOP + i * ROW_H;
    face.append(
      svg('g', { class: `dl-pic-icon dl-pic-${section}` }, ...ICONS[section](3, y)),
      resultPicture(section, card[section], y + 3.8),
    );
  });
  return h('div', { class: `dl-card ${classes}`.trim(), 'data-target': card.id }, face);
}

/** A dog's deck face down, its count of cards on its back. */
export function deckPicture(count) {
  const label = t('dogslife.in-deck', { count });
  return h('div', { class: 'dl-card dl-deck' }, svg('svg', {
    class: 'dl-card-pic', viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: 'img', 'aria-label': label,
  }, title(label),
  svg('rect', { class: 'dl-card-back', x: 0.5, y: 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 3 }),
  svg('circle', { class: 'dl-card-seal', cx: CARD_W / 2, cy: CARD_H / 2, r: 9 }),
  svg('text', { class: 'dl-card-count', x: CARD_W / 2, y: CARD_H / 2 + 0.5 }, String(count))));
}

/** An item a dog carries, as a small picture with what it is and what it is for as its title: a bone, a newspaper
 * (its address when the reader knows it), or an empty carrying space. */
export function itemPicture(item, houseName) {
  let label;
  let drawing;
  if (item === null) {
    label = t('dogslife.free-slot');
    drawing = [svg('rect', { class: 'dl-pic-slot', x: 1, y: 1, width: 14, height: 10, rx: 1.5 })];
  } else if (item === 'bone') {
    label = t('dogslife.bone-rule');
    drawing = [bone(8, 6, 2.6)];
  } else if (item === 'newspaper') {
    label = t('dogslife.paper-hidden-rule');
    drawing = paper(8, 6, 2.2);
  } else {
    label = t('dogslife.paper-rule', { address: item.address, place: houseName(item.address) });
    drawing = [...paper(8, 6, 2.2, false), svg('text', { class: 'dl-pic-address', x: 8, y: 6.4 }, String(item.address))];
  }
  return svg('svg', { class: 'dl-item-pic', viewBox: '0 0 16 12', role: 'img', 'aria-label': label },
    title(label), ...drawing);
}
