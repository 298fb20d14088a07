// Small DOM helpers the shell's modules share.

/** Make an element: h('button', {class: 'move', dataset: {move: '0'}}, 'Pass'). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name === 'class') el.className = value;
    // Through the CSSOM: the page's Content-Security-Policy refuses a style attribute set as markup.
    else if (name === 'style') el.style.cssText = value;
    else if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name in el && typeof value !== 'string') el[name] = value;
    else el.setAttribute(name, value === true ? '' : value);
  }
  el.append(...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false));
  return el;
}

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((child) => child !== null && child !== undefined));
  return el;
}

/** Seconds left until an RFC 3339 time, never below 0. */
export function secondsUntil(at) {
  return Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000));
}

/** "1:05" for 65 seconds; "1:02:03" past an hour. */
export function clockText(seconds) {
  const s = Math.floor(seconds % 60).toString().padStart(2, '0');
  const m = Math.floor(seconds / 60) % 60;
  const hours = Math.floor(seconds / 3600);
  return hours ? `${hours}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A short readable time for a creation time in seconds since the epoch. */
export function when(seconds) {
  return new Date(seconds * 1000).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
}

/** Show a message in the page's notice area (role=status, so screen readers read it); kind info, error or outage. */
export function notify(text, kind = 'info') {
  const area = document.getElementById('notice');
  if (!area) return;
  area.dataset.kind = kind;
  area.textContent = text;
}

/** Clear the notice if it tells of an outage: the page has heard from the server since. */
export function outageOver() {
  if (document.getElementById('notice')?.dataset.kind === 'outage') notify('');
}

/** The shell's icons, as SVG paths on a 24 x 24 grid: drawn by the page itself, so no font needs the glyph. */
const ICONS = {
  clock: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm0 2.2a7.8 7.8 0 1 1 0 15.6a7.8 7.8 0 1 1 0-15.6zM11 6v7l5 3 1-1.7-4-2.4V6z',
  'back-event': 'M7 5h2.5v14H7zM19 5v14L10 12z',
  'next-event': 'M14.5 5H17v14h-2.5zM5 5v14l9-7z',
  'back-turn': 'M4 5h2.5v14H4zM14 5v14l-7-7zM21 5v14l-7-7z',
  'next-turn': 'M17.5 5H20v14h-2.5zM10 5v14l7-7zM3 5v14l7-7z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4.5v16H6zM13.5 4H18v16h-4.5z',
  menu: 'M3 5h18v2.5H3zM3 10.75h18v2.5H3zM3 16.5h18V19H3z',
};

/** An icon of ICONS as an inline SVG, hidden from screen readers (its button or text says what it is). */
export function icon(name) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', `icon icon-${name}`);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}
