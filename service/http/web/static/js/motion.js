// Moves shown as they happen: when a batch of events reaches the live page (a bot's move, another player's), the
// board is drawn at the version of each of its events in turn, each with a short animation of what changed (a
// piece that moved glides from where it stood, a die rolls), at the speed the player chose; a click or a key skips
// the rest of the batch, and `prefers-reduced-motion` shows it at once. The highlight of what changed is the
// `changed` class of js/board.js, styled by css/motion.css.

import { api } from './api.js';
import { drawWithPulse } from './board.js';
import { t } from './i18n.js';
import { seatNames } from './seats.js';
import { h } from './ui.js';

/** Milliseconds each event of a batch stays on the board, by speed; `instant` shows the batch's end at once. */
const SPEEDS = { slow: 1400, normal: 700, fast: 300, instant: 0 };
/** The speed a player has not chosen. */
const DEFAULT_SPEED = 'normal';
/** Where the chosen speed is kept. */
const STORED = 'dogpark.speed';
/** The most intermediate versions of one batch fetched and shown: the replays count against the server's
 * DOGPARK_REPLAY_RATE (300 a minute from one address), and a long batch is skimmed to its last events. */
const MOST_STEPS = 6;
/** Pixels a piece must have moved to glide. */
const MOVED_PX = 3;
/** A die: rolled when it is new or its face changed. */
const DIE = '[data-key^="die-"], [class*="-die"]';

/** The speed the player chose (kept in localStorage), or the default. */
function storedSpeed() {
  const speed = localStorage.getItem(STORED);
  return Object.hasOwn(SPEEDS, speed) ? speed : DEFAULT_SPEED;
}

/** Milliseconds one event stays on the board at the speed the player chose (0: instant). */
export function motionMs() {
  return SPEEDS[storedSpeed()];
}

/** Whether the reader asked for no movement. */
export function reducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The batches of one game page: `play` shows the versions between the board's and the page's view. */
export class Motion {
  constructor(page) {
    this.page = page;
    this.chain = Promise.resolve();
    this.waiting = 0;
    this.skipped = null;
    // The newest version read when the player last skipped: batches up to it are not shown step by step.
    this.skippedTo = 0;
    this.control = speedControl((speed) => {
      localStorage.setItem(STORED, speed);
      this.setSpeed(speed);
    });
    this.setSpeed(storedSpeed());
  }

  setSpeed(speed) {
    this.speed = speed;
    // The animations' lengths follow the speed (css/motion.css).
    document.documentElement.style.setProperty('--motion-ms', `${SPEEDS[speed]}ms`);
  }

  /** Show the events between the version the board shows and the page's view, one after another, and that view;
   * resolves once the last of them is shown or skipped (the caller then draws the view with its moves). A batch
   * that comes while one is shown waits for it; a batch with another waiting behind it is not shown step by step. */
  play() {
    this.waiting += 1;
    // Two batches wait: the one shown ends now, and the page catches up (it never falls behind a fast game).
    if (this.waiting > 1) this.skipped?.();
    this.chain = this.chain.then(() => {
      this.waiting -= 1;
      return this.waiting ? null : this.steps().catch((error) => console.warn(error));
    });
    return this.idle();
  }

  // Resolves once no batch is shown or waits: the page draws its view then, not between two batches (the view it
  // holds is already the later one's).
  async idle() {
    let chain;
    do {
      chain = this.chain;
      await chain;
    } while (chain !== this.chain);
  }

  // The batch's versions that the log tells (bookkeeping events are not shown), then the view after it, each drawn
  // and animated in turn (the page then draws that view again, with its moves).
  async steps() {
    const page = this.page;
    const board = page.el.board;
    const from = Number(board.dataset.version);
    const last = page.view;
    if (page.replay || page.stopped || !from || last.version <= from || last.version <= this.skippedTo) return;
    if (this.speed === 'instant' || reducedMotion()) return;
    // The player is choosing (the move bar shows a choice): the batch is drawn at once, so that the pieces the choice
    // offers never vanish from under the player's pointer or keyboard.
    if (!page.el.moves.hidden) return;
    const told = [...page.el.log.querySelectorAll('li[data-version]')]
      .map((li) => Number(li.dataset.version)).filter((v) => v > from && v < last.version);
    const versions = [...[...new Set(told)].slice(-MOST_STEPS), last.version];
    const skip = new Promise((resolve) => { this.skipped = resolve; });
    // A click or a key anywhere ends the batch at once, and any that wait behind it (the click still does what it
    // does).
    const skipping = () => {
      this.skippedTo = page.view.version;
      this.skipped?.();
    };
    document.addEventListener('pointerdown', skipping, true);
    document.addEventListener('keydown', skipping, true);
    let over = false;
    skip.then(() => { over = true; });
    try {
      // Fetched together, drawn one after another.
      const views = versions.map((version) => (version === last.version ? last : this.viewAt(version)));
      let shown = from;
      for (const asked of views) {
        const view = await Promise.race([asked, skip]);
        if (over || this.drawnBySomeoneElse(shown)) return;
        if (!view) continue;
        this.draw(view);
        shown = view.version;
        await Promise.race([pause(SPEEDS[this.speed]), skip]);
        if (over) return;
      }
    } finally {
      this.skipped = null;
      document.removeEventListener('pointerdown', skipping, true);
      document.removeEventListener('keydown', skipping, true);
      this.nowShowing(null);
    }
  }

  // The board was drawn by the page meanwhile (a move of the player's, a replay): the batch is not shown further.
  drawnBySomeoneElse(shown) {
    return Number(this.page.el.board.dataset.version) !== shown || !!this.page.replay;
  }

  // The view at `version` as the page sees the game (its seat's, or a spectator's); null if it cannot be had.
  async viewAt(version) {
    const page = this.page;
    const seat = page.seat !== null;
    try {
      return await api('GET', `${page.base}/replay`, {
        token: seat ? page.token : undefined, query: { ...(seat ? page.query : {}), version: String(version) },
      });
    } catch (error) {
      console.warn(error);
      return null;
    }
  }

  // Draw one version of the batch: the board as it stood then (no move offered), what moved gliding from where it
  // stood, a rolled die rolling, the changed pieces highlighted (js/board.js) and the event's line of the log marked.
  draw(view) {
    const page = this.page;
    const board = page.el.board;
    const before = places(board);
    const ctx = {
      view, state: view.state, content: page.type.content, seat: page.seat, moves: [], node: null,
      names: seatNames(view, page.seat),
    };
    page.keys = drawWithPulse(page.board, board, ctx, page.keys);
    board.dataset.version = String(view.version);
    glide(board, before, SPEEDS[this.speed], page.type.content);
    for (const die of board.querySelectorAll(DIE)) {
      if (die.classList.contains('changed')) roll(die);
    }
    this.nowShowing(view.version);
  }

  // The log's line of the event shown, marked while it is shown.
  nowShowing(version) {
    for (const li of this.page.el.log.querySelectorAll('li.motion-now')) li.classList.remove('motion-now');
    if (version === null) return;
    this.page.el.log.querySelector(`li[data-version="${version}"]`)?.classList.add('motion-now');
  }
}

/** The speed menu: slow, normal, fast, instant; `chosen` is told the new one. */
function speedControl(chosen) {
  const select = h('select', { id: 'motion-speed', 'aria-label': t('motion.speed') },
    Object.keys(SPEEDS).map((speed) => h('option', { value: speed }, t(`motion.${speed}`))));
  select.value = storedSpeed();
  select.addEventListener('change', () => chosen(select.value));
  return h('label', { class: 'motion-speed' }, h('span', {}, t('motion.speed')), select);
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Where each keyed piece stands, at rest (a glide still running is finished first): its box on the screen, its
// SVG translation, and its piece's id (`data-target`) for a piece drawn under another key where it went (a card from
// a hand to the table).
function places(board) {
  for (const animation of board.getAnimations({ subtree: true })) animation.finish();
  const found = { keys: new Map(), targets: new Map() };
  for (const el of board.querySelectorAll('[data-key], [data-target]')) {
    const place = { box: el.getBoundingClientRect(), at: translation(el), space: el.dataset.space };
    if (el.dataset.key) found.keys.set(el.dataset.key, place);
    if (el.dataset.target) found.targets.set(el.dataset.target, place);
  }
  return found;
}

// An SVG piece's `translate(x y)`, null for anything else.
function translation(el) {
  if (!(el instanceof SVGElement)) return null;
  const match = /^translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)$/.exec(el.getAttribute('transform') ?? '');
  return match ? [Number(match[1]), Number(match[2])] : null;
}

// FLIP: every piece whose place changed starts where it stood and glides, with a small hop, to where it stands.
// A piece is what the game's content names (`data-target`: a card, a tile, a die, a token) or an SVG token placed
// by a translation; a panel or a line of text that a redraw's layout shifts stays put, a piece the board animates
// itself is left to it, and a piece inside one that glides goes with it.
function glide(board, before, ms, content) {
  const moving = [];
  for (const el of board.querySelectorAll('[data-key], [data-target]')) {
    const svgToken = !!(el.dataset.key && translation(el));
    if (!el.dataset.target && !svgToken) continue;
    const old = svgToken ? before.keys.get(el.dataset.key) : before.targets.get(el.dataset.target);
    if (!old || moving.some((m) => m.contains(el)) || el.getAnimations().length) continue;
    const frames = el instanceof SVGElement ? svgFrames(el, old, content) : htmlFrames(el, old);
    if (!frames) continue;
    moving.push(el);
    el.animate(frames, { duration: ms * 0.8, easing: 'ease-in-out' });
  }
}

function svgFrames(el, old, content) {
  const at = translation(el);
  if (!at || !old.at || Math.hypot(at[0] - old.at[0], at[1] - old.at[1]) === 0) return null;
  return walkFrames(el, content, old.space, old.at, at);
}

/** The keyframes of an SVG token (a dog, a truck) going from `from` to `to` (its translations): space by space along
 * the board's shortest way from `fromSpace` to its `data-space`, a small hop each, when the board names both spaces
 * and each space it passes is drawn as a `data-target` of the same drawing; else in one hop. */
export function walkFrames(el, content, fromSpace, from, to) {
  const way = fromSpace && el.dataset.space ? wayBetween(content?.board, fromSpace, el.dataset.space) : [];
  const drawing = el.ownerSVGElement;
  // The token stands off its space's centre by the same amount on every space it passes.
  const here = centreOf(drawing, el.dataset.space);
  const offset = here ? [to[0] - here[0], to[1] - here[1]] : [0, 0];
  const middle = way.slice(1, -1).map((space) => centreOf(drawing, space));
  const points = middle.every(Boolean) ? [from, ...middle.map(([x, y]) => [x + offset[0], y + offset[1]]), to]
    : [from, to];
  const frames = [];
  points.forEach((point, i) => {
    const offsetTime = i / (points.length - 1);
    if (i) {
      const [x0, y0] = points[i - 1];
      const [x1, y1] = point;
      const lift = Math.min(12, Math.hypot(x1 - x0, y1 - y0) / 4);
      const half = (i - 0.5) / (points.length - 1);
      frames.push({ transform: `translate(${(x0 + x1) / 2}px, ${(y0 + y1) / 2 - lift}px)`, offset: half });
    }
    frames.push({ transform: `translate(${point[0]}px, ${point[1]}px)`, offset: offsetTime });
  });
  return frames;
}

/** The spaces from `from` to `to` by the board's adjacency (both ends included), shortest first found; [] if none.
 * A way passes no building (A Dog's Life's spaces of a kind other than a street): a piece enters one at the end. */
function wayBetween(board, from, to) {
  if (!board?.spaces || from === to) return [];
  const passable = (s) => !s.kind || s.kind === 'street' || s.id === from;
  const next = new Map(board.spaces.map((s) => [s.id, passable(s) ? s.adjacent ?? [] : []]));
  const came = new Map([[from, null]]);
  const queue = [from];
  while (queue.length && !came.has(to)) {
    const space = queue.shift();
    for (const near of next.get(space) ?? []) {
      if (!came.has(near)) {
        came.set(near, space);
        queue.push(near);
      }
    }
  }
  if (!came.has(to)) return [];
  const way = [to];
  while (came.get(way[0]) !== null) way.unshift(came.get(way[0]));
  return way;
}

/** The centre of a space in a drawing's units: the box of the element that names it (`data-target`). */
function centreOf(drawing, space) {
  const shape = space && drawing?.querySelector(`[data-target="${CSS.escape(space)}"]`);
  if (!shape?.getBBox) return null;
  const box = shape.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

function htmlFrames(el, old) {
  const now = el.getBoundingClientRect();
  const dx = old.box.left - now.left;
  const dy = old.box.top - now.top;
  if (Math.hypot(dx, dy) < MOVED_PX || !now.width) return null;
  const lift = Math.min(16, Math.hypot(dx, dy) / 6);
  return [
    { transform: `translate(${dx}px, ${dy}px)` },
    { transform: `translate(${dx / 2}px, ${dy / 2 - lift}px) scale(1.04)` },
    { transform: 'none' },
  ];
}

function roll(die) {
  die.classList.add('motion-roll');
  die.addEventListener('animationend', () => die.classList.remove('motion-roll'), { once: true });
}
