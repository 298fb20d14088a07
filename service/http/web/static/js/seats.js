// How seats are called on the page.

/** Seat index -> display name: the seat's name, "(bot)" for a bot, "(you)" for the page's own seat. */
export function seatNames(view, mine) {
  return view.seats.map((seat) => {
    const name = seat.name || (seat.kind === 'bot' ? seat.bot : `Seat ${seat.seat}`);
    if (seat.seat === mine) return `${name} (you)`;
    return seat.kind === 'bot' ? `${name} (bot)` : name;
  });
}
