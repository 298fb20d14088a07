// The result of a finished game: who won, and the table of scores, each seat in its colour.

import { hasText, t } from './i18n.js';
import { seatColour, seatName } from './seats.js';
import { h, fill } from './ui.js';

/** Fill `root` with the final scores of `view` (nothing while it runs); `names` by seat, `content` the game type's
 * (a part that names one of its things, such as a dog, shows that thing's name). */
export function showResult(root, view, names, content = {}) {
  const result = view.result;
  if (view.status !== 'finished' || !result) {
    fill(root);
    return;
  }
  if (result.abandoned) {
    fill(root, h('p', {}, t('result.abandoned', { reason: abandonReason(result.abandoned) })));
    return;
  }
  const winners = new Set(result.winners || []);
  const rows = [...result.scores].sort((a, b) => total(b) - total(a));
  const won = [...winners].map((seat) => seatName(seat, names[seat]));
  if (result.pes?.won) won.push(h('span', { class: 'seat-name' }, t('result.pes')));
  fill(root, h('p', { id: 'winners', class: 'winners' }, won.length
    ? [t('result.winners', { count: won.length }), ' ', won.map((name, i) => [i ? ', ' : '', name])]
    : t('result.no-winner')),
  scoreTable(rows, winners, names, result, { type: view.type, named: namesIn(content) }));
}

// Every thing of the game's content that has an id and a name (its dogs, cards, tiles), by id: a score's part may
// name one (A Dog's Life's dog).
function namesIn(content) {
  const named = new Map();
  for (const list of Object.values(content ?? {})) {
    if (!Array.isArray(list)) continue;
    for (const item of list) if (item?.id && typeof item.name === 'string') named.set(item.id, item.name);
  }
  return named;
}

// One column per part of the scores (a game's categories: cat points and mice, a yard's dogs and treats...), then
// the total, named as the game counts it; each seat a row, its winners marked. A part that is the total in every row
// (A Dog's Life's bones buried) is shown once, as the total.
function scoreTable(rows, winners, names, result, game) {
  const parts = [...new Set(rows.flatMap((score) => Object.keys(score)))]
    .filter((key) => key !== 'seat' && key !== 'total' && !rows.every((score) => score[key] === score.total))
    .sort((a, b) => partRank(a) - partRank(b));
  const totalName = hasText(`score.total.${game.type}`) ? t(`score.total.${game.type}`) : t('result.score');
  return h('table', { class: 'result-table' },
    h('caption', {}, t('result.caption')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('result.player')),
      parts.map((key) => h('th', { scope: 'col', class: 'part', dataset: { part: key } }, partName(key))),
      h('th', { scope: 'col' }, totalName))),
    h('tbody', {}, rows.map((score) => h('tr', {
      dataset: { seat: String(score.seat) }, class: winners.has(score.seat) ? 'winner' : null,
    },
    h('th', { scope: 'row', class: seatColour(score.seat) },
      seatName(score.seat, names[score.seat] ?? t('seat.fallback', { number: score.seat + 1 })),
      winners.has(score.seat) ? h('span', { class: 'winner-mark' }, ` ★ ${t('result.winner')}`) : null),
    parts.map((key) => h('td', { class: 'part', dataset: { part: key } }, partValue(score[key], game.named))),
    h('td', { class: 'score' }, String(total(score))))),
    result.pes ? pesRow(result, parts.length) : null));
}

// Solo Spots: Pes, the game's own opponent, has a score, and the result says whether it won (`pes.won`).
function pesRow(result, partCount) {
  const won = result.pes.won;
  return h('tr', { class: `pes${won ? ' winner' : ''}` },
    h('th', { scope: 'row' }, t('result.pes'),
      won ? h('span', { class: 'winner-mark' }, ` ★ ${t('result.winner')}`) : null),
    h('td', { class: 'details', colSpan: Math.max(partCount, 1) },
      t('result.pes-dogs', { dogs: result.pes.dogs.join(', ') })),
    h('td', { class: 'score' }, String(result.pes.total)));
}

/** The parts in the order a game's rules count them (DOGS: its pens, then the bonuses, then the penalties), a
 * tie-break last; a part not listed after those listed. */
const PART_ORDER = ['dog', 'cat_points', 'mice', 'treats', 'pens', 'additional_pens', 'diversity', 'helper',
  'resources', 'sick', 'groups', 'healthy'];

function partRank(key) {
  const rank = PART_ORDER.indexOf(key);
  return rank < 0 ? PART_ORDER.length : rank;
}

function total(score) {
  return score.total;
}

// A part is a number, a thing of the game (by its id), or a list of things (a seat's dogs) or none.
function partValue(value, named) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return named.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => named.get(item) ?? item).join(', ');
  if (typeof value === 'object') return Object.entries(value).map(([k, v]) => `${partName(k)} ${v}`).join(' · ');
  return String(value);
}

function partName(key) {
  return hasText(`score.${key}`) ? t(`score.${key}`) : key.replaceAll('_', ' ');
}

function abandonReason(abandoned) {
  if (abandoned.reason === 'max_events') return t('result.abandoned-max-events', { count: abandoned.limit });
  if (abandoned.reason === 'expired') return t('result.abandoned-expired');
  return abandoned.reason;
}
