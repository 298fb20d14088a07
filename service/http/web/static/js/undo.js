// The table's undo in the status bar (docs/undo.md): a button where the view offers to take back the seat's last
// move, and under `ask` the request the table waits on, with Accept and Decline for a seat it is asked of. Each
// button's words are its legal move's label, in the player's language; a bot's view and a refused undo offer none.
import { t } from './i18n.js';
import { h, fill } from './ui.js';

const UNDO_COMMANDS = new Set(['Undo', 'AcceptUndo', 'DeclineUndo']);

/** The status bar's undo group, empty and hidden until a view offers something. */
export function undoBar() {
  return h('div', { id: 'undo-bar', class: 'undo-bar', role: 'group', 'aria-label': t('undo.group'), hidden: true });
}

/** Draw the group for the live `view`: `send(command)` posts a command as the move bar does. */
export function drawUndo(el, view, { live, names, busy, send }) {
  const moves = live ? (view.legal_moves || []).filter((move) => UNDO_COMMANDS.has(move.command.type)) : [];
  const pending = live && view.status === 'running' ? view.undo?.pending : null;
  const button = (move, id) => h('button', {
    type: 'button', id, class: 'undo', disabled: busy, onclick: () => send(move.command),
  }, move.label);
  // The offers come latest first: the first takes back the last move, and pressed again the one before.
  const undo = moves.find((move) => move.command.type === 'Undo');
  const accept = moves.find((move) => move.command.type === 'AcceptUndo');
  const decline = moves.find((move) => move.command.type === 'DeclineUndo');
  const asked = pending && (pending.seat === view.you
    ? t('undo.waiting')
    : t('undo.asked', { name: names[pending.seat] ?? '', version: pending.to_version }));
  const parts = [
    asked ? h('span', { id: 'undo-asked', class: 'undo-asked' }, asked) : null,
    undo ? button(undo, 'undo') : null,
    accept ? button(accept, 'undo-accept') : null,
    decline ? button(decline, 'undo-decline') : null,
  ].filter(Boolean);
  fill(el, parts);
  el.hidden = !parts.length;
}
