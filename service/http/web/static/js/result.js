// The result table of a finished game.

import { h, fill } from './ui.js';

/** Fill `root` with the final scores of `view` (nothing while it runs); `names` by seat. */
export function showResult(root, view, names) {
  const result = view.result;
  if (view.status !== 'finished' || !result) {
    fill(root);
    return;
  }
  if (result.abandoned) {
    fill(root, h('p', {}, `The game was abandoned (${abandonReason(result.abandoned)}): no scores, no winners.`));
    return;
  }
  const winners = new Set(result.winners || []);
  const rows = [...result.scores].sort((a, b) => total(b) - total(a));
  fill(root, h('table', { class: 'result-table' },
    h('caption', {}, 'Final scores'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Seat'), h('th', { scope: 'col' }, 'Score'),
      h('th', { scope: 'col' }, 'Details'))),
    h('tbody', {}, rows.map((score) => h('tr', {
      dataset: { seat: String(score.seat) }, class: winners.has(score.seat) ? 'winner' : null,
    },
    h('th', { scope: 'row' }, names[score.seat] ?? `Seat ${score.seat}`,
      winners.has(score.seat) ? h('span', { class: 'winner-mark' }, ' ★ winner') : null),
    h('td', { class: 'score' }, String(total(score))),
    h('td', { class: 'details' }, details(score)))),
    result.pes ? pesRow(result) : null)));
}

// Solo Spots: Pes, the game's own opponent, has a score, and the result says whether it won (`pes.won`).
function pesRow(result) {
  const won = result.pes.won;
  return h('tr', { class: `pes${won ? ' winner' : ''}` },
    h('th', { scope: 'row' }, 'Pes', won ? h('span', { class: 'winner-mark' }, ' ★ winner') : null),
    h('td', { class: 'score' }, String(result.pes.total)),
    h('td', { class: 'details' }, `dogs: ${result.pes.dogs.join(', ')}`));
}

function total(score) {
  return score.total;
}

// Every part of a score but its seat and total, as the game names them ("cat points 26 · mice 50").
function details(score) {
  return Object.entries(score)
    .filter(([key]) => key !== 'seat' && key !== 'total')
    .map(([key, value], i) => [i ? ' · ' : '', h('span', { class: 'part' }, `${key.replaceAll('_', ' ')} ${value}`)]);
}

function abandonReason(abandoned) {
  if (abandoned.reason === 'max_events') return `it reached ${abandoned.limit} events`;
  if (abandoned.reason === 'expired') return 'its seats were not all taken in time';
  return abandoned.reason;
}
