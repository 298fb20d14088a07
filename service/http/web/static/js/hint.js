// The hint in the status bar (docs/api.md#hints): where the table gives hints and the seat's person has moves, a
// Hint button asks what the medium bot would play here (GET .../hint) and shows that move's label beside it; the
// move bar marks the move where it offers it as one button. A hint is for the version it was asked at: a newer
// view shows none until asked again.
import { t } from './i18n.js';
import { h, fill } from './ui.js';

const UNDO_COMMANDS = new Set(['Undo', 'AcceptUndo', 'DeclineUndo']);

/** The status bar's hint group, hidden until a view offers a hint. */
export function hintBar() {
  return h('div', { id: 'hint-bar', class: 'hint-bar', role: 'group', 'aria-label': t('hint.group'), hidden: true });
}

/** Whether the seat may ask for a hint in the live `view`: the table gives them and the seat has a game's move. */
export function offersHint(view, live) {
  return live && view.status === 'running' && view.hints !== false
    && (view.legal_moves || []).some((move) => !UNDO_COMMANDS.has(move.command.type));
}

/** The hint still standing for `view` (null: none asked at its version). */
export function currentHint(hint, view) {
  return hint && hint.version === view.version ? hint : null;
}

/** Draw the group for the live `view`: `ask()` asks the server; `hint` is the last answer (any version). */
export function drawHint(el, view, { live, busy, hint, ask }) {
  const shown = offersHint(view, live);
  const standing = currentHint(hint, view);
  fill(el, shown ? [
    h('button', { type: 'button', id: 'hint', class: 'hint-ask', disabled: busy, onclick: ask }, t('hint.ask')),
    standing ? h('span', { id: 'hint-move', class: 'hint-move', role: 'status' },
      t('hint.suggested', { move: standing.label })) : null,
  ] : []);
  el.hidden = !shown;
}

/** Whether `command` is the move `hint` suggests (the same JSON, whatever the order of its keys). */
export function suggests(hint, command) {
  return Boolean(hint && command) && same(hint.move, command);
}

function same(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => same(a[key], b[key]));
}
