// How seats are called and coloured on the page.

import { t } from './i18n.js';
import { h } from './ui.js';

/** How many seat colours the stylesheet has (`.seat-c0` ...): the same colours as the boards' pieces. */
const COLOURS = 6;

/** Seat index -> display name: the seat's name, "(bot)" for a bot, "(you)" for the page's own seat. */
export function seatNames(view, mine) {
  return view.seats.map((seat) => {
    const name = seat.name || (seat.kind === 'bot' ? seat.bot : t('seat.fallback', { number: seat.seat + 1 }));
    if (seat.seat === mine) return t('seat.you', { name });
    return seat.kind === 'bot' ? t('seat.bot', { name }) : name;
  });
}

/** The class that gives seat `seat` its colour (text and marker). */
export function seatColour(seat) {
  return `seat-c${seat % COLOURS}`;
}

/** A seat's name in its colour. */
export function seatName(seat, name) {
  return h('span', { class: `seat-name ${seatColour(seat)}`, dataset: { seat: String(seat) } }, name);
}
