// Drawing a game's board: the game's own module (boards/<type>.js) when the server has one, a plain stand-in
// otherwise, and the `changed` pulse on every keyed piece whose markup differs from the previous drawing.

import { installedModules } from './api.js';
import { t } from './i18n.js';
import { h, fill } from './ui.js';

const loaded = new Map();

/** The board module of a game type ({drawBoard}), or the plain stand-in when the server has none. */
export async function boardModule(type) {
  if (!loaded.has(type)) {
    loaded.set(type, installedModules().then(({ boards }) =>
      boards.includes(type) ? import(`./boards/${type}.js`) : { drawBoard: drawStandIn }));
  }
  return loaded.get(type);
}

/** Draw `ctx` into `root` with `module`, then pulse the keyed pieces that changed since `previous`; the new keys. */
export function drawWithPulse(module, root, ctx, previous) {
  module.drawBoard(root, ctx);
  const current = new Map();
  for (const el of root.querySelectorAll('[data-key]')) current.set(el.dataset.key, el.outerHTML);
  if (previous) {
    for (const el of root.querySelectorAll('[data-key]')) {
      if (previous.get(el.dataset.key) !== current.get(el.dataset.key)) pulse(el);
    }
  }
  return current;
}

function pulse(el) {
  el.classList.add('changed');
  el.addEventListener('animationend', () => el.classList.remove('changed'), { once: true });
}

/** A game without a board of its own: who sits where and who acts, never the raw view. */
function drawStandIn(root, ctx) {
  const { view, names } = ctx;
  const phase = ctx.state && typeof ctx.state.phase === 'string' ? ctx.state.phase : null;
  fill(root, h('div', { class: 'standin' },
    h('p', {}, ctx.state ? t('board.none', { phase: phase ?? '—' }) : t('board.waiting')),
    h('ul', { class: 'standin-seats' }, view.seats.map((seat) => h('li', {
      'data-key': `seat-${seat.seat}`,
      class: view.to_act.includes(seat.seat) ? 'acting' : null,
    }, names[seat.seat], view.to_act.includes(seat.seat) ? ` — ${t('board.to-act')}` : '')))));
}
