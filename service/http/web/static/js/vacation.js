// The vacation notice: who at the table is on vacation, and until when (each seat's clock's `vacation_until` in
// the view; docs/players.md#vacations). That seat's clock is paused meanwhile, so no countdown runs for it.
import { currentLanguage, t } from './i18n.js';
import { fill, h } from './ui.js';

/** Show in `el` each seat of a running game on vacation, by name, with the date it is back; hide `el` if none. */
export function drawVacations(el, view, names, seat) {
  const away = view.status === 'running' ? (view.clocks || []).filter((clock) => clock.vacation_until) : [];
  el.hidden = !away.length;
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  fill(el, away.map((clock) => h('span', { class: 'vacation', dataset: { seat: String(clock.seat) } },
    t(clock.seat === seat ? 'vacation.you' : 'vacation.away', {
      name: names[clock.seat], until: date.format(new Date(clock.vacation_until * 1000)),
    }))));
}
