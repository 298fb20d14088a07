// Where the replay's buttons go: by one event of the log, or by one turn (a run of the log's lines about one seat).

/** The versions of the log's lines, in order, and for each the seat it is about ('' for none): read from `log`. */
export function logLines(log) {
  return [...log.querySelectorAll('li.event')].map((li) => ({ version: Number(li.dataset.version), seat: li.dataset.seat }));
}

/** The version of the first line of each turn: a line about a seat other than the one the lines before it were. */
export function turnStarts(lines) {
  const starts = [];
  let seat = null;
  for (const line of lines) {
    if (line.seat === '' || line.seat === seat) continue;
    seat = line.seat;
    starts.push(line.version);
  }
  return starts;
}

/** The version a step goes to from `at`: `by` 'event' or 'turn', `direction` -1 or +1; null if there is none. */
export function stepFrom(lines, at, by, direction) {
  const versions = by === 'turn' ? turnStarts(lines) : lines.map((line) => line.version);
  if (direction < 0) return versions.filter((v) => v < at).pop() ?? null;
  return versions.find((v) => v > at) ?? null;
}
