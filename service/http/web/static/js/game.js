// The game page: the status bar (whose turn, the clock, the move bar: the view's `choices`, step by step), the
// board, the live log, the result, and the replay (slider, steps, play, the log's lines as jumps). A seat's page follows the seat's stream (its `turn` messages carry the view to act
// on); anyone else's follows the spectator stream.

import {
  api, ApiError, isOutage, claimSeat, followStream, gameType, myGames, storedPlayer, RECONNECT_MS,
} from './api.js';
import { boardModule, drawWithPulse } from './board.js';
import { openChat } from './chat.js';
import { t } from './i18n.js';
import { Motion } from './motion.js';
import { showResult } from './result.js';
import { seatColour, seatName, seatNames } from './seats.js';
import { logLines, stepFrom } from './replay.js';
import { drawVacations } from './vacation.js';
import { currentHint, drawHint, hintBar, suggests } from './hint.js';
import { drawUndo, undoBar } from './undo.js';
import { h, fill, icon, notify, outageOver, secondsUntil, clockText } from './ui.js';

/** Milliseconds the page waits after an event for more of its batch before it reads the view again. */
const SETTLE_MS = 120;
/** Milliseconds at least between the starts of two replay requests of a drag of the slider: 4 a second at most. */
const REPLAY_SPACING_MS = 250;
/** The most option buttons the move bar shows at once (the server offers no more in a `buttons` node); a longer
 * list is shown a page at a time. */
const MOST_BUTTONS = 20;
/** Milliseconds between two events while the replay plays. */
const PLAY_MS = 900;

/** Show game `id` in `root`, as the player's seat if it holds one (`seat` picks one at a hotseat); a cleanup. */
export async function showGame(root, id, { seat = null, invitation = null } = {}) {
  const page = new GamePage(root, id, invitation);
  try {
    await page.start(seat);
  } catch (error) {
    page.stop();
    // A link to a game this server does not hold: say so, with the way back, instead of a page loading for ever.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    showMissing(root, id);
    return null;
  }
  return () => page.stop();
}

function showMissing(root, id) {
  document.title = `${t('game.not-found')} · dogpark`;
  fill(root, h('section', { class: 'panel missing', id: 'game-missing' },
    h('h1', {}, t('game.not-found')),
    h('p', {}, t('game.not-found-detail', { id })),
    h('p', { class: 'links' }, h('a', { href: '#/', id: 'missing-back' }, t('game.back-to-lobby')))));
}

class GamePage {
  constructor(root, id, invitation = null) {
    this.root = root;
    this.id = id;
    this.invitation = invitation;
    this.base = `/v1/games/${encodeURIComponent(id)}`;
    this.seat = null;
    this.held = [];
    this.token = null;
    this.query = undefined;
    this.view = null;
    this.replay = null;
    this.replaying = false;
    this.inFlight = false;
    // The last hint asked (GET .../hint: it names its version) and whether one is being asked.
    this.hint = null;
    this.asking = false;
    this.logged = 0;
    this.keys = null;
    // Where the player is in the choice tree: the options taken from its root, for the view of `pathVersion`; the
    // page of a long buttons node; the value a number node's stepper shows.
    this.path = [];
    this.pathVersion = null;
    this.page = 0;
    this.step = 0;
    this.undrawn = [];
    this.timers = [];
    this.stream = null;
  }

  async start(askedSeat) {
    this.layout();
    await this.findSeat(askedSeat);
    this.view = await this.read();
    this.showChat();
    this.type = await gameType(this.view.type);
    // The game's own seat colours (its board's stylesheet may set them for `.game-<type>`).
    this.root.firstElementChild?.classList.add(`game-${this.view.type}`);
    this.board = await boardModule(this.view.type);
    await this.catchUp();
    if (this.stopped) return;
    this.timers.push(setInterval(() => this.tick(), 1000));
  }

  // Draw the view just read, read the log after what is shown, and follow the stream from there.
  async catchUp() {
    await this.render();
    await this.readLog();
    // The log may have gone past the view read before it; the stream starts after the log.
    if (this.logged > this.view.version) await this.refresh();
    if (!this.stopped) this.follow();
  }

  stop() {
    this.stopped = true;
    this.stream?.close();
    this.chat?.stop();
    this.timers.forEach(clearInterval);
    clearTimeout(this.settle);
    this.pause();
    document.documentElement.style.removeProperty('--status-bar');
    document.title = 'dogpark';
  }

  layout() {
    // A batch heard is shown event by event (js/motion.js), at the speed its menu sets.
    this.motion = new Motion(this);
    this.el = {
      title: h('h1', { id: 'game-title' }, t('game.title')),
      status: h('p', { id: 'status', role: 'status' }, t('game.loading')),
      clock: h('p', { id: 'clock', hidden: true, 'aria-live': 'off' }),
      vacation: h('p', { id: 'vacation-notice', class: 'vacation-notice', hidden: true }),
      join: h('div', { id: 'join', class: 'join-seats' }),
      held: h('nav', { id: 'seats-held', class: 'join-seats', 'aria-label': t('game.your-seats') }),
      board: h('div', { id: 'board', class: 'board', role: 'region', 'aria-label': t('game.board'), tabindex: '-1' }),
      moves: h('div', {
        id: 'moves', class: 'moves move-bar', role: 'group', 'aria-label': t('game.your-moves'), tabindex: '-1',
        hidden: true,
      }),
      log: h('ol', { id: 'log', class: 'log', role: 'log', 'aria-label': t('game.log-label') }),
      chat: h('div', { id: 'chat-slot', hidden: true }),
      result: h('div', { id: 'result', class: 'result' }),
      replay: h('input', {
        id: 'replay', type: 'range', min: '1', max: '1', value: '1', step: '1', 'aria-label': t('game.replay-label'),
      }),
      replayText: h('output', { id: 'replay-version', for: 'replay' }),
      live: h('button', { id: 'replay-live', type: 'button', disabled: true }, t('game.back-to-live')),
      steps: [['back-turn', 'turn', -1], ['back-event', 'event', -1], ['next-event', 'event', 1],
        ['next-turn', 'turn', 1]].map(([name, by, direction]) => h('button', {
        type: 'button', id: `replay-${name}`, class: 'replay-step', 'aria-label': t(`replay.${name}`),
        title: t(`replay.${name}`), onclick: () => this.stepReplay(by, direction),
      }, icon(name))),
      play: h('button', {
        type: 'button', id: 'replay-play', class: 'replay-step', 'aria-pressed': 'false',
        'aria-label': t('replay.play'), title: t('replay.play'), onclick: () => this.togglePlay(),
      }, icon('play')),
      allMoves: h('details', { id: 'all-moves', class: 'all-moves', hidden: true },
        h('summary', {}, t('game.all-moves')), h('div', { class: 'all-moves-list' })),
      perspective: h('select', { id: 'perspective', 'aria-label': t('game.replay-as') },
        h('option', { value: 'spectator' }, t('game.spectator'))),
      audit: h('a', { id: 'audit-link', href: `#/games/${this.id}/audit`, hidden: true }, t('game.audit')),
      connection: h('span', { id: 'connection', class: 'connection' }),
      undo: undoBar(),
      hint: hintBar(),
    };
    const el = this.el;
    // The status bar stays on screen (sticky) above the board: whose turn, the clock, the prompt and its options.
    el.bar = h('section', { id: 'status-bar', class: 'status-bar', 'aria-label': t('game.status-bar') },
      h('div', { class: 'status-line' }, el.status, el.clock, el.vacation, el.undo, el.hint, el.connection,
        document.getElementById('other-turns')), el.moves);
    const [backTurn, backEvent, nextEvent, nextTurn] = el.steps;
    const page = h('div', { class: 'game-page' },
      h('div', { class: 'game-head' }, el.title, this.motion.control),
      el.join, el.held, el.bar,
      h('div', { class: 'game-main' },
        h('section', { class: 'play', 'aria-label': t('game.table') }, el.board, el.allMoves, el.result),
        h('aside', { class: 'side' },
          h('h2', {}, t('game.log')), el.log,
          h('div', { class: 'replay-bar' },
            h('div', { class: 'replay-steps' }, backTurn, backEvent, el.play, nextEvent, nextTurn),
            h('div', {}, h('label', { for: 'replay' }, t('game.replay')), el.replay, el.replayText),
            h('div', {}, h('label', { for: 'perspective' }, t('game.seen-as')), el.perspective, el.live)),
          el.chat,
          h('p', { class: 'links' }, el.audit, ' ',
            h('a', { href: '#/' }, t('game.back-to-lobby'))))));
    // On the page's own element, so that the listeners go with the page.
    page.addEventListener('click', (e) => this.clicked(e));
    page.addEventListener('keydown', (e) => this.pressed(e));
    fill(this.root, page);
    const replay = () => {
      this.pause();
      this.replayTo(Number(el.replay.value)).catch(report);
    };
    el.replay.addEventListener('input', replay);
    el.perspective.addEventListener('change', replay);
    el.live.addEventListener('click', () => this.backToLive());
    el.allMoves.addEventListener('toggle', () => this.drawAllMoves());
    // A line of the log is a jump to the game as it stood after that event.
    el.log.addEventListener('click', (e) => {
      const line = e.target.closest('li.event');
      if (!line) return;
      this.pause();
      this.jumpTo(Number(line.dataset.version));
    });
  }

  // The chat beside the log (js/chat.js), in the rooms this page's reader reads (none: no panel).
  showChat() {
    this.chat = openChat({ base: this.base, seat: this.seat, token: this.token, query: this.query, view: this.view });
    if (!this.chat) return;
    this.el.chat.replaceWith(this.chat.panel);
    this.root.querySelector('.game-head').append(this.chat.jump);
    this.chat.start().catch(report);
  }

  async findSeat(askedSeat) {
    const player = storedPlayer();
    if (!player) return;
    // The player's games (the 200 newest, the most the API lists) say whether it holds a seat here.
    const entry = (await myGames({ limit: '200' }).catch(() => [])).find((game) => game.id === this.id);
    if (!entry) return;
    this.held = entry.seats;
    this.seat = entry.seats.includes(askedSeat) ? askedSeat : entry.seats[0];
    this.token = player.token;
    // A player holding several seats (a hotseat game) names the one it speaks for.
    this.query = entry.seats.length > 1 ? { seat: String(this.seat) } : undefined;
    this.el.perspective.append(h('option', { value: 'seat' }, t('game.seat-you', { number: this.seat + 1 })));
    // A player replays its own seat's view unless it asks for the spectator's.
    this.el.perspective.value = 'seat';
  }

  read() {
    return api('GET', this.base, { token: this.token, query: this.query });
  }

  async refresh() {
    const view = await this.read();
    if (!this.view || view.version >= this.view.version) this.view = view;
    outageOver();
    await this.motion.play();
    await this.render();
  }

  async readLog() {
    for (;;) {
      const page = await api('GET', `${this.base}/events`, {
        token: this.token, query: { ...this.query, after: String(this.logged) },
      });
      this.appendLog(page.events);
      if (!page.events.length || this.logged >= page.version) return;
    }
  }

  appendLog(events) {
    const fresh = events.filter((event) => event.version > this.logged);
    if (!fresh.length) return;
    this.logged = fresh[fresh.length - 1].version;
    const atBottom = this.el.log.scrollHeight - this.el.log.scrollTop - this.el.log.clientHeight < 40;
    // Unnumbered: versions count bookkeeping the log does not show, and a count with gaps would puzzle a player.
    for (const event of fresh) {
      if (!event.text) continue;
      const seats = seatsNamed(event.text_args);
      this.el.log.append(h('li', {
        class: `event${seats.length ? ` ${seatColour(seats[0])}` : ''}`,
        dataset: { version: String(event.version), type: event.type, seat: seats.length ? String(seats[0]) : '' },
        // A replay shows the log as it stood: a line heard meanwhile waits until the replay reaches it.
        hidden: !!this.replay && event.version > this.replay.version,
      }, h('button', { type: 'button', class: 'event-jump' },
        h('span', { class: 'marker', 'aria-hidden': 'true' }), namesColoured(event.text, seats, this.view.seats))));
    }
    if (atBottom) this.el.log.scrollTop = this.el.log.scrollHeight;
  }

  follow() {
    // A finished game's log is complete once read: its stream would only end at once.
    if (this.view.status === 'finished' && this.logged >= this.view.version) {
      this.chat?.ended();
      return;
    }
    const ticket = this.token
      ? async () => (await api('POST', `${this.base}/stream-tickets`, { token: this.token, query: this.query })).ticket
      : null;
    this.stream = followStream(`${this.base}/events/stream`, {
      after: this.logged,
      ticket,
      onEvent: (event) => this.heard(event),
      onTurn: (turn) => this.turn(turn),
      onChat: (message) => this.chat?.heard(message),
      onState: (state) => {
        this.el.connection.textContent = state === 'live' ? `● ${t('game.live')}` : `○ ${t('game.reconnecting')}`;
        if (state === 'live') {
          outageOver();
          // The stream never replays chat: what was said while it was down is read with GET.
          this.chat?.live();
        }
      },
      onEnd: () => {
        this.el.connection.textContent = '';
        this.chat?.ended();
      },
      onAhead: () => this.startOver(),
    });
  }

  // The server's log lost moves this page showed (its Redis lost acknowledged writes): show the game as stored,
  // and follow it from there; tried again while the server cannot answer, as a dropped stream is.
  async startOver() {
    try {
      this.logged = 0;
      this.el.log.replaceChildren();
      this.view = await this.read();
      await this.catchUp();
    } catch (error) {
      report(error);
      if (!this.stopped) this.timers.push(setTimeout(() => this.startOver(), RECONNECT_MS));
    }
  }

  heard(event) {
    outageOver();
    this.appendLog([event]);
    if (event.version <= this.view.version) return;
    // The rest of the batch (and a seat's `turn`) follow at once: read the view once they are in.
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.refresh().catch(report), SETTLE_MS);
  }

  turn(turn) {
    outageOver();
    if (turn.version < this.view.version) return;
    clearTimeout(this.settle);
    this.view = turn.view;
    this.motion.play().then(() => this.render()).catch(report);
  }

  // What the board and the moves show: the live view, or the replayed one.
  async render() {
    if (this.stopped) return;
    const view = this.replay?.view ?? this.view;
    const live = !this.replay;
    const seat = live ? this.seat : this.replay.seat;
    const node = this.node();
    // A node of finished moves shown as buttons may also be offered on the board by the board's own drawing
    // (a card in hand, a bid): its options, in order, are `ctx.moves`.
    const flat = node && !this.inFlight && node.as === 'buttons' && node.options.every((option) => option.command);
    const moves = flat ? node.options : [];
    const ctx = {
      view, state: view.state, content: this.type.content, seat, moves, node, names: seatNames(view, this.seat),
    };
    this.ctx = ctx;
    // What the board shows, for tests and assistive tools: its version and whose eyes it is seen through.
    Object.assign(this.el.board.dataset, { version: String(view.version), perspective: seat === null ? 'spectator' : `seat-${seat}` });
    this.keepingFocus(() => {
      try {
        this.keys = drawWithPulse(this.board, this.el.board, ctx, this.keys);
      } catch (error) {
        report(error);
      }
      this.markTargets(node);
      this.drawBar(node);
    });
    this.drawStatus(view);
    drawVacations(this.el.vacation, view, ctx.names, seat);
    drawUndo(this.el.undo, this.view, {
      live, names: ctx.names, busy: this.inFlight, send: (command) => this.send(command),
    });
    drawHint(this.el.hint, this.view, {
      live, busy: this.inFlight || this.asking, hint: this.hint, ask: () => this.askHint(),
    });
    this.drawJoin();
    this.drawHeld();
    showResult(this.el.result, this.view, ctx.names, this.type.content);
    this.el.audit.hidden = this.view.status !== 'finished';
    this.drawReplayBar();
    this.drawLogTo(view.version);
    this.drawAllMoves();
    this.tick();
  }

  // A redraw replaces the focused move: keyboard users are put on the first option offered (or on the bar, or the
  // board while there is none), instead of back at the top of the page.
  keepingFocus(draw) {
    const { board, moves } = this.el;
    const active = document.activeElement;
    const inPlay = active && active !== document.body && (board.contains(active) || moves.contains(active));
    const key = inPlay ? active.closest('[data-key]')?.dataset.key : undefined;
    draw();
    const now = document.activeElement;
    if (!inPlay || (now && now !== document.body && now !== moves && now !== board)) return;
    // The same piece if it is still a move (a bid chip), else the first option of the bar, else of the board.
    const offered = '[data-move], [data-option]';
    const same = [...board.querySelectorAll('[data-key]')].find((el) => el.dataset.key === key);
    const target = (same && (same.matches(offered) ? same : same.querySelector(offered)))
      || moves.querySelector('button.move:not([disabled]), button.step:not([disabled])')
      || board.querySelector(offered);
    // Nothing to choose now: the bar is hidden, and the board keeps the focus until there is.
    (target || (moves.hidden ? board : moves)).focus({ preventScroll: true });
  }

  // The node of the choice tree the player is at (null: nothing to choose, or a replay): the path taken from the
  // root, forgotten when the game moves on.
  node() {
    if (this.replay || this.seat === null) return null;
    if (this.view.version !== this.pathVersion) {
      Object.assign(this, { path: [], pathVersion: this.view.version, page: 0, step: 0 });
    }
    let node = this.view.choices;
    for (const i of this.path) node = node?.options[i]?.next;
    if (node === undefined) {
      this.path = [];
      return this.view.choices;
    }
    return node ?? null;
  }

  // A board node: each option's target, drawn by the board as `data-target`, becomes a click (and a key stop)
  // for that option; an option whose target the board does not draw is offered in the bar instead.
  markTargets(node) {
    this.undrawn = [];
    if (!node || node.as !== 'board') return;
    node.options.forEach((option, i) => {
      const pieces = [...this.el.board.querySelectorAll(`[data-target="${CSS.escape(String(option.target))}"]`)];
      if (!pieces.length) this.undrawn.push(i);
      for (const piece of pieces) {
        piece.classList.add('playable', 'target');
        piece.dataset.option = String(i);
        piece.setAttribute('tabindex', '0');
        piece.setAttribute('role', 'button');
        piece.setAttribute('aria-label', option.label);
        piece.setAttribute('aria-disabled', String(this.inFlight));
      }
    });
    this.bringTargetsIntoSight();
  }

  // On a phone, a board node whose targets all lie out of sight (below its long page, under the status bar): the first
  // is brought into sight once, so that the prompt's "click on the board" needs no search. A wide screen shows the
  // board beside the log and is left where the player scrolled it.
  bringTargetsIntoSight() {
    const key = `${this.view.version}/${this.path.join('.')}`;
    const pieces = [...this.el.board.querySelectorAll('[data-option]')];
    if (this.sighted === key || !pieces.length || !matchMedia('(max-width: 760px)').matches) return;
    this.sighted = key;
    const top = this.el.bar.getBoundingClientRect().bottom;
    const seen = (el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.bottom > top && box.top < innerHeight;
    };
    if (pieces.some(seen)) return;
    pieces[0].scrollIntoView({ block: 'center' });
  }

  // The move bar: the node's prompt and its options (buttons, a stepper, or a pointer to the board), Back to the
  // step before. It stays on screen beside the board (sticky), so a choice never needs a scroll.
  drawBar(node) {
    const bar = this.el.moves;
    bar.hidden = !node;
    if (!node) {
      fill(bar);
      this.barHeight();
      return;
    }
    const shown = {
      buttons: () => this.buttons(node), board: () => this.boardHint(node), number: () => this.stepper(node),
    };
    fill(bar,
      h('p', { id: 'move-prompt', class: 'move-prompt' }, node.prompt),
      h('div', { class: 'move-options', dataset: { as: node.as } }, (shown[node.as] ?? shown.buttons)()),
      this.path.length ? h('button', {
        type: 'button', id: 'move-back', class: 'move-back', disabled: this.inFlight, onclick: () => this.back(),
      }, `← ${t('game.back')}`) : null);
    const busy = String(this.inFlight);
    for (const el of this.el.board.querySelectorAll('[data-move]')) el.setAttribute('aria-disabled', busy);
    this.barHeight();
  }

  // What scrolls into view (a focused piece, a click's target) stops below the status bar, not under it.
  barHeight() {
    document.documentElement.style.setProperty('--status-bar', `${this.el.bar.offsetHeight + 8}px`);
  }

  // The accessible fallback: every finished move of the choice tree as one button, its steps' labels joined; built
  // only while the box is open (a tree of steps may hold many moves).
  drawAllMoves() {
    const box = this.el.allMoves;
    const choices = this.replay || this.seat === null ? null : this.view.choices;
    box.hidden = !choices;
    const list = box.querySelector('.all-moves-list');
    if (!choices || !box.open) {
      fill(list);
      return;
    }
    const moves = [];
    const walk = (node, labels) => node.options.forEach((option) => {
      if (option.command) moves.push([[...labels, option.label].join(' · '), option.command]);
      else if (option.next) walk(option.next, [...labels, option.label]);
    });
    walk(choices, []);
    fill(list, moves.map(([label, command]) => h('button', {
      type: 'button', class: 'full-move', disabled: this.inFlight, onclick: () => this.send(command),
    }, label)));
  }

  optionButton(option, i) {
    const suggested = suggests(currentHint(this.hint, this.view), option.command);
    return h('button', {
      type: 'button', class: suggested ? 'move suggested' : 'move', dataset: { move: String(i) }, disabled: this.inFlight,
    }, option.label);
  }

  // At most MOST_BUTTONS buttons: a longer list (a game not yet split into steps) is paged.
  buttons(node) {
    const options = node.options.map((option, i) => [option, i]);
    if (options.length <= MOST_BUTTONS) return options.map(([option, i]) => this.optionButton(option, i));
    const size = MOST_BUTTONS - 1;
    const pages = Math.ceil(options.length / size);
    const page = this.page % pages;
    return [options.slice(page * size, (page + 1) * size).map(([option, i]) => this.optionButton(option, i)),
      h('button', {
        type: 'button', id: 'move-more', class: 'move-more', onclick: () => this.turnPage(),
      }, t('game.more-moves', { page: page + 1, pages }))];
  }

  boardHint(node) {
    return [h('span', { class: 'move-hint' }, t('game.choose-on-board')),
      this.undrawn.map((i) => this.optionButton(node.options[i], i))];
  }

  // A number node: its options differ by one, in order; − and + go through them, the confirm button takes it.
  stepper(node) {
    const at = Math.min(this.step, node.options.length - 1);
    const go = (to, id) => {
      this.step = to;
      this.drawBar(node);
      const el = document.getElementById(id);
      (el && !el.disabled ? el : document.getElementById('move-confirm'))?.focus();
    };
    return [
      h('button', {
        type: 'button', id: 'move-minus', class: 'step', 'aria-label': t('game.less'),
        disabled: this.inFlight || at === 0, onclick: () => go(at - 1, 'move-minus'),
      }, '−'),
      h('output', { id: 'move-value', class: 'move-value', 'aria-live': 'polite' }, node.options[at].label),
      h('button', {
        type: 'button', id: 'move-plus', class: 'step', 'aria-label': t('game.more'),
        disabled: this.inFlight || at === node.options.length - 1, onclick: () => go(at + 1, 'move-plus'),
      }, '+'),
      h('button', {
        type: 'button', id: 'move-confirm', class: 'move', dataset: { move: String(at) }, disabled: this.inFlight,
      }, t('game.confirm')),
    ];
  }

  turnPage() {
    this.page += 1;
    this.keepingFocus(() => this.drawBar(this.node()));
    document.getElementById('move-more')?.focus();
  }

  // An option taken: the next step, or the finished move sent.
  choose(i) {
    const node = this.node();
    const option = node?.options[i];
    if (!option || this.inFlight) return;
    if (option.command) {
      this.send(option.command);
      return;
    }
    this.path.push(i);
    Object.assign(this, { page: 0, step: 0 });
    this.render().catch(report);
  }

  back() {
    this.path.pop();
    Object.assign(this, { page: 0, step: 0 });
    this.render().then(() => this.el.moves.querySelector('button.move, button.step, #move-back')?.focus(), report);
  }

  drawStatus(view) {
    const el = this.el.status;
    // The live game's status, also while an older version is replayed (`data-replay` says which).
    el.dataset.status = this.view.status;
    if (this.replay) el.dataset.replay = String(view.version);
    else delete el.dataset.replay;
    fill(this.el.title, this.type.name, ' ', h('small', { class: 'game-id' }, this.id));
    el.textContent = this.replay
      ? [t('game.replaying', { version: view.version, last: this.view.version }),
        statusText(view, this.ctx.names, null)].join(' ')
      : [statusText(view, this.ctx.names, this.seat), delayText(view, this.seat)].filter(Boolean).join(' ');
    const yourTurn = !this.replay && this.seat !== null && !!this.view.choices;
    document.title = `${yourTurn ? `▶ ${t('game.your-turn-title')} · ` : ''}${this.type.name} · dogpark`;
  }

  drawJoin() {
    const open = this.seat === null && this.view.status === 'open'
      ? this.view.seats.filter((seat) => seat.kind === 'human' && !seat.claimed) : [];
    fill(this.el.join, open.length ? [h('span', {}, `${t('game.open-seats')} `), open.map((seat) => h('button', {
      type: 'button', class: 'join', dataset: { seat: String(seat.seat) },
      onclick: () => this.join(seat.seat),
    }, seat.name ? t('game.take-named-seat', { number: seat.seat + 1, name: seat.name })
      : t('game.take-seat', { number: seat.seat + 1 })))] : []);
  }

  // At a hotseat the player holds several seats: one page per seat, and a way to the one that is to act.
  drawHeld() {
    if (this.held.length < 2) return;
    fill(this.el.held, h('span', {}, `${t('game.play-as')} `), this.held.map((seat) => h('a', {
      href: `#/games/${this.id}?seat=${seat}`,
      class: `${seatColour(seat)}${this.view.to_act.includes(seat) ? ' to-act' : ''}`,
      'aria-current': seat === this.seat ? 'page' : null,
    }, `${this.view.to_act.includes(seat) ? '▶ ' : ''}${this.ctx.names[seat]}`)));
  }

  drawReplayBar() {
    const { replay, live, perspective, replayText } = this.el;
    replay.max = String(Math.max(1, this.view.version));
    // Live, the slider follows the game; not while a replay is asked for (a live event may come first).
    if (!this.replay && !this.wanted) replay.value = replay.max;
    replayText.textContent = `v${replay.value}`;
    live.disabled = !this.replay;
    perspective.disabled = this.seat === null;
  }

  tick() {
    const view = this.replay?.view ?? this.view;
    const deadline = clockDeadline(view, this.seat);
    const el = this.el.clock;
    el.hidden = !deadline || !!this.replay;
    if (!deadline) return;
    const left = secondsUntil(deadline.at);
    el.dataset.seconds = String(left);
    const whose = deadline.seat === this.seat ? t('game.your-time') : this.ctx.names[deadline.seat] ?? t('game.time');
    fill(el, icon('clock'), ` ${whose}: ${clockText(left)}`);
    el.classList.toggle('urgent', left <= 10);
  }

  // A click on an option: a button of the bar, a target of a board node, or a piece the board offers itself
  // (`data-move`: an index in ctx.moves, which are the node's options).
  clicked(e) {
    const target = e.target.closest('[data-move], [data-option]');
    if (target && (this.el.board.contains(target) || this.el.moves.contains(target))) {
      e.preventDefault();
      this.choose(Number(target.dataset.option ?? target.dataset.move));
    }
  }

  pressed(e) {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const target = e.target.closest('[data-move], [data-option]');
    // A button turns Enter and Space into a click by itself.
    if (!target || target.tagName === 'BUTTON' || !this.el.board.contains(target)) return;
    e.preventDefault();
    this.choose(Number(target.dataset.option ?? target.dataset.move));
  }

  // Post a finished move at the version whose choices offered it.
  async send(command) {
    if (this.inFlight || this.replay) return;
    this.inFlight = true;
    const version = this.view.version;
    this.keepingFocus(() => {
      const node = this.node();
      this.markTargets(node);
      this.drawBar(node);
    });
    try {
      const result = await api('POST', `${this.base}/commands`, {
        token: this.token, query: this.query, body: { command, expected_version: version },
      });
      outageOver();
      this.appendLog(result.events);
      if (result.game.version >= this.view.version) this.view = result.game;
    } catch (error) {
      notify(refusalText(error), isOutage(error) ? 'outage' : 'error');
      // The game moved on (409) or the move is no longer legal: show it as it stands now, from its first choice.
      this.pathVersion = null;
      await this.refresh().catch(report);
    } finally {
      this.inFlight = false;
      await this.render();
    }
  }

  // Ask what the medium bot would play here (docs/api.md#hints): its label shows beside the Hint button.
  async askHint() {
    if (this.asking) return;
    this.asking = true;
    try {
      this.hint = await api('GET', `${this.base}/hint`, { token: this.token, query: this.query });
    } catch (error) {
      notify(refusalText(error), isOutage(error) ? 'outage' : 'error');
    } finally {
      this.asking = false;
      await this.render();
    }
  }

  async join(seat) {
    try {
      await claimSeat(this.id, seat, document.getElementById('player-name').value, this.invitation);
      // The invitation is spent: the page of the game without it.
      if (this.invitation) location.hash = `#/games/${this.id}`;
      else window.dispatchEvent(new HashChangeEvent('hashchange'));
    } catch (error) {
      notify(refusalText(error), 'error');
    }
  }

  // Replay the game as it stood at `version` (the live game from its last version on), the slider there too.
  jumpTo(version) {
    if (version >= this.view.version) {
      this.backToLive(false);
      return;
    }
    this.el.replay.value = String(version);
    this.replayTo(version).catch(report);
  }

  // One event or one turn back or forward from the version shown (the live one if none is replayed).
  stepReplay(by, direction) {
    this.pause();
    const at = this.wanted?.version ?? this.replay?.version ?? this.view.version;
    const to = stepFrom(logLines(this.el.log), at, by, direction);
    if (to !== null) this.jumpTo(to);
    else if (direction > 0) this.backToLive(false);
  }

  togglePlay() {
    if (this.playing) {
      this.pause();
      return;
    }
    // From the first event when the live game is shown, else from where the replay stands.
    if (!this.replay && !this.wanted) this.jumpTo(logLines(this.el.log)[0]?.version ?? 1);
    this.playing = setInterval(() => {
      if (this.replaying) return;
      const at = this.replay?.version ?? this.view.version;
      const to = stepFrom(logLines(this.el.log), at, 'event', 1);
      if (to === null || to >= this.view.version) {
        this.pause();
        this.backToLive(false);
      } else this.jumpTo(to);
    }, PLAY_MS);
    this.drawPlay();
  }

  pause() {
    clearInterval(this.playing);
    this.playing = null;
    if (this.el) this.drawPlay();
  }

  drawPlay() {
    const name = this.playing ? 'pause' : 'play';
    const button = this.el.play;
    button.setAttribute('aria-pressed', String(!!this.playing));
    button.setAttribute('aria-label', t(`replay.${name}`));
    button.title = t(`replay.${name}`);
    fill(button, icon(name));
  }

  // The log as it stood at `version`: later lines hidden, the last one shown marked and scrolled to.
  drawLogTo(version) {
    const log = this.el.log;
    let current = null;
    for (const line of log.querySelectorAll('li.event')) {
      line.hidden = !!this.replay && Number(line.dataset.version) > version;
      line.removeAttribute('aria-current');
      if (!line.hidden) current = line;
    }
    if (!this.replay || !current) return;
    current.setAttribute('aria-current', 'step');
    // The log's own scroll, not the page's: the line at the bottom of the box.
    log.scrollTop += current.getBoundingClientRect().bottom - log.getBoundingClientRect().bottom;
  }

  async replayTo(version) {
    const seat = this.el.perspective.value === 'seat' ? this.seat : null;
    this.el.replayText.textContent = `v${version}`;
    this.wanted = { version, seat };
    // One replay request at a time: a drag's later positions wait for it, and only the latest is asked for next.
    if (this.replaying) return;
    this.replaying = true;
    try {
      await this.replayWanted();
    } finally {
      this.replaying = false;
    }
  }

  async replayWanted() {
    for (let wanted = this.wanted; wanted; wanted = this.wanted) {
      const asked = Date.now();
      let view;
      try {
        view = await api('GET', `${this.base}/replay`, {
          token: wanted.seat === null ? undefined : this.token,
          query: { ...(wanted.seat === null ? {} : this.query), version: String(wanted.version) },
        });
      } catch (error) {
        // Not replaying after all: the slider follows the live game again.
        if (this.wanted === wanted) this.wanted = null;
        throw error;
      }
      if (this.wanted === wanted) {
        this.replay = { ...wanted, view };
        await this.render();
        return;
      }
      // The slider moved on while this one was answered: ask for where it is now, spaced so that a long drag stays
      // within the server's rate of replays (DOGPARK_REPLAY_RATE, 300 a minute by default).
      await new Promise((go) => setTimeout(go, REPLAY_SPACING_MS - (Date.now() - asked)));
    }
  }

  backToLive(focus = true) {
    this.replay = null;
    this.wanted = null;
    this.render().then(() => { this.el.log.scrollTop = this.el.log.scrollHeight; }, report);
    if (focus) this.el.replay.focus();
  }
}

function clockDeadline(view, seat) {
  // A vacation's end is no countdown: the seat's clock is paused until then (js/vacation.js says so).
  const deadlines = (view.deadlines || []).filter((d) => d.what !== 'EndVacation');
  return deadlines.find((d) => d.seat !== null && d.seat === seat)
    || deadlines.find((d) => d.seat !== null && view.to_act.includes(d.seat))
    || null;
}

// A spectator of a running game whose spectators are kept behind reads how far (docs/streams.md).
function delayText(view, seat) {
  const delayed = seat === null && view.status === 'running' && view.spectator_delay;
  return delayed ? t('game.spectator-delay', { count: view.spectator_delay }) : '';
}

function statusText(view, names, seat) {
  if (view.status === 'open') {
    const open = view.seats.filter((s) => s.kind === 'human' && !s.claimed).length;
    return t('game.waiting', { count: open });
  }
  if (view.status === 'finished') {
    if (view.result?.abandoned) return t('game.abandoned', { reason: view.result.abandoned.reason });
    const winners = (view.result?.winners || []).map((s) => names[s]);
    if (view.result?.pes?.won) winners.push(t('result.pes'));
    return winners.length ? t('game.finished-won', { count: winners.length, names: winners.join(', ') })
      : t('game.finished-no-winner');
  }
  if (seat !== null && view.choices) return t('game.your-turn');
  const acting = view.to_act.map((s) => names[s]);
  return acting.length ? t('game.to-play', { count: acting.length, names: acting.join(', ') }) : t('game.running');
}

function refusalText(error) {
  if (!(error instanceof ApiError)) return t('error.something', { reason: error.message });
  if (error.status === 409) return t('error.moved-on');
  return `${error.problem.title || t('error.refused')}: ${error.problem.detail || ''}`;
}

// The seats an event's text names (`{"seat": n}` among its arguments, in lists and terms too), first named first.
function seatsNamed(args) {
  const found = [];
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      if (Number.isInteger(value.seat) && !found.includes(value.seat)) found.push(value.seat);
      Object.values(value).forEach(visit);
    }
  };
  visit(args);
  return found;
}

// An event's text with the names of the seats it names in their colours.
function namesColoured(text, seats, seatViews) {
  const named = seats.map((seat) => [seatViews[seat]?.name, seat]).filter(([name]) => name);
  if (!named.length) return text;
  const bySeat = new Map(named);
  const names = [...bySeat.keys()].sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  // A whole name only: "Player" is not the start of "Player 1".
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${names})(?![\\p{L}\\p{N}]|\\s\\p{N})`, 'u');
  return text.split(pattern).map((part, i) => (i % 2 ? seatName(bySeat.get(part), part) : part));
}

function report(error) {
  const outage = isOutage(error);
  notify(error.message || String(error), outage ? 'outage' : 'error');
  // An outage is the server's passing state, not a fault of the page.
  (outage ? console.warn : console.error)(error);
}
