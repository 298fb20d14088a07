// The chat beside the log (docs/chat.md): the rooms the page's reader reads (a seat both, a spectator the
// spectators'; a spectator none where the table closed it), messages heard live on the game's stream and the rest
// read with GET (all of it when the page opens, what was missed whenever the stream is live again: the stream never
// replays chat), a send box that shows the length limit, the quick phrases in the reader's language, mutes, reports
// and the tombstones of deleted messages. A message is only ever text: h() appends it as a text node, never markup.

import { api, ApiError, ensurePlayer, storedPlayer } from './api.js';
import { t } from './i18n.js';
import { seatColour } from './seats.js';
import { h, fill } from './ui.js';

/** The longest message and report reason the server keeps, in characters (service/core/chat.py). */
const MAX_TEXT = 500;
const MAX_REASON = 500;
/** Messages one GET asks for (the API's most). */
const PAGE = 200;
/** Milliseconds between two reads of a chat that no stream brings (a finished game's: its stream has ended). */
const POLL_MS = 5000;
/** Whether the chat is unfolded, kept across pages (absent: unfolded but on a phone). */
const OPEN_KEY = 'dogpark.chat-open';
/** The names of the players this browser muted, by id: the API lists mutes by id alone. */
const NAMES_KEY = 'dogpark.muted-names';
/** The stylesheet's phone layout, where the chat starts folded below the board. */
const PHONE = '(max-width: 760px)';

/** The chat of a game for the page's reader (`seat` null: a spectator), or null where there is no room to read. */
export function openChat({ base, seat, token, query, view }) {
  const rooms = [seat !== null && 'seats', view.spectator_chat !== false && 'spectators'].filter(Boolean);
  return rooms.length ? new Chat({ base, seat, token, query, rooms }) : null;
}

class Chat {
  constructor({ base, seat, token, query, rooms }) {
    Object.assign(this, { base, seat, token, query, rooms });
    this.room = rooms[0];
    this.lines = new Map();
    this.readTo = null;
    this.reading = null;
    this.muted = new Set();
    this.unread = 0;
    const kept = localStorage.getItem(OPEN_KEY);
    this.open = kept === null ? !matchMedia(PHONE).matches : kept === 'true';
    this.build();
  }

  build() {
    const badge = () => h('span', { class: 'chat-unread', hidden: true });
    this.badges = [badge(), badge()];
    this.toggle = h('button', {
      type: 'button', id: 'chat-toggle', class: 'chat-toggle', 'aria-controls': 'chat-body',
      onclick: () => this.unfold(!this.open),
    }, h('span', {}, t('chat.title')), this.badges[0]);
    // On a phone the chat lies below the board: this button in the page's head brings it into sight.
    this.jump = h('button', {
      type: 'button', id: 'chat-jump', class: 'chat-jump', onclick: () => this.reveal(),
    }, h('span', {}, t('chat.title')), this.badges[1]);
    this.tabs = this.rooms.map((room) => h('button', {
      type: 'button', role: 'tab', id: `chat-room-${room}`, class: 'chat-room', dataset: { room },
      'aria-controls': 'chat-messages', onclick: () => this.choose(room),
    }, t(`chat.room-${room}`)));
    this.list = h('ol', {
      id: 'chat-messages', class: 'log chat-messages', role: 'log', 'aria-label': t('chat.messages'),
    });
    this.empty = h('p', { class: 'chat-empty' }, t('chat.empty'));
    this.mutedLine = h('p', { id: 'chat-muted', class: 'chat-muted', hidden: true });
    this.problem = h('p', { id: 'chat-problem', class: 'chat-problem', role: 'status' });
    this.phrases = h('div', { class: 'chat-phrase-list' });
    this.text = h('textarea', {
      id: 'chat-text', rows: '2', 'aria-label': t('chat.your-message'), placeholder: t('chat.placeholder'),
      'aria-describedby': 'chat-count', oninput: () => this.drawCount(), onkeydown: (e) => this.pressed(e),
    });
    this.count = h('span', { id: 'chat-count', class: 'chat-count' });
    this.send = h('button', { type: 'submit', id: 'chat-send', class: 'primary' }, t('chat.send'));
    this.body = h('div', { id: 'chat-body', class: 'chat-body' },
      this.rooms.length > 1 ? h('div', { class: 'chat-rooms', role: 'tablist', 'aria-label': t('chat.rooms') },
        this.tabs) : null,
      this.list, this.empty, this.mutedLine, this.problem,
      h('details', { id: 'chat-phrases', class: 'chat-phrases' }, h('summary', {}, t('chat.phrases')), this.phrases),
      h('form', { id: 'chat-form', class: 'chat-form', onsubmit: (e) => { e.preventDefault(); this.sendText(); } },
        this.text, h('div', { class: 'chat-send-row' }, this.count, this.send)));
    this.panel = h('section', { id: 'chat', class: 'chat', 'aria-labelledby': 'chat-toggle' },
      h('h2', { class: 'chat-head' }, this.toggle), this.body);
    this.unfold(this.open, false);
    this.choose(this.room);
    this.drawCount();
  }

  /** Read the quick phrases, the reader's mutes and the chat so far. */
  async start() {
    const player = storedPlayer();
    const [phrases, mutes] = await Promise.all([
      api('GET', '/v1/chat/phrases'),
      player ? api('GET', '/v1/players/me/mutes', { token: player.token }).catch(() => ({ players: [] })) : null,
    ]);
    this.muted = new Set(mutes?.players ?? []);
    fill(this.phrases, phrases.phrases.map((phrase) => h('button', {
      type: 'button', class: 'chat-phrase', dataset: { phrase: phrase.id },
      onclick: () => this.post({ phrase: phrase.id }),
    }, phrase.text)));
    this.drawMuted();
    await this.readNew();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.poll);
  }

  /** A message heard on the stream. */
  heard(message) {
    if (this.add(message)) this.unseen(message.room);
  }

  /** The stream is live (again): read what it did not bring meanwhile. */
  live() {
    this.readNew().catch(quiet);
  }

  /** No stream brings messages any more (the game is over): read them now and then while the page is seen. */
  ended() {
    clearInterval(this.poll);
    this.poll = setInterval(() => {
      if (!document.hidden) this.live();
    }, POLL_MS);
  }

  // Every message after the last one read with GET, page by page; one read at a time, once more if asked meanwhile.
  readNew() {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        for (;;) {
          const query = { ...this.query, limit: String(PAGE), ...(this.readTo ? { after: this.readTo } : {}) };
          const page = await api('GET', `${this.base}/chat`, { token: this.reader(), query });
          if (this.stopped) return;
          page.messages.forEach((message) => this.add(message));
          if (page.messages.length) this.readTo = page.messages[page.messages.length - 1].id;
          if (page.messages.length < PAGE) break;
        }
      } while (this.again);
    })().finally(() => { this.reading = null; });
    return this.reading;
  }

  // The token the chat reads with: the seat's player's, else a spectator's own player's (its mutes), else none.
  reader() {
    return this.token ?? storedPlayer()?.token;
  }

  // The token the chat writes with: a spectator without a player is given one, named as the header's field says.
  async writer() {
    return this.token ?? (await ensurePlayer(document.getElementById('player-name')?.value)).token;
  }

  /** Show a message in its place (ids sort as sent); true if it was new. A muted player's is left out (a
   * spectator's stream does not know the reader's mutes); a known one is redrawn only as its tombstone. */
  add(message) {
    if (this.muted.has(message.player) || !this.rooms.includes(message.room)) return false;
    const known = this.lines.get(message.id);
    if (known && (known.classList.contains('deleted') || !message.deleted)) return false;
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const line = this.line(message);
    this.lines.set(message.id, line);
    if (known) known.replaceWith(line);
    else {
      let before = this.list.lastElementChild;
      while (before && earlier(message.id, before.dataset.id)) before = before.previousElementSibling;
      if (before) before.after(line);
      else this.list.prepend(line);
    }
    this.drawEmpty();
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
    return !known;
  }

  line(message) {
    const me = storedPlayer()?.id;
    const mine = message.player !== null && message.player === me;
    const name = message.name || t('chat.someone');
    const actions = h('div', { class: 'chat-actions', hidden: true });
    const offers = () => [
      message.player !== null && !mine ? h('button', {
        type: 'button', class: 'chat-mute', onclick: () => this.mute(message.player, name),
      }, t('chat.mute', { name })) : null,
      this.seat !== null && !mine && !message.deleted ? h('button', {
        type: 'button', class: 'chat-report', onclick: () => this.askReason(message, actions, offers),
      }, t('chat.report')) : null,
    ].filter(Boolean);
    fill(actions, offers());
    const more = actions.childElementCount ? h('button', {
      type: 'button', class: 'chat-more', 'aria-expanded': 'false', 'aria-label': t('chat.actions', { name }),
      title: t('chat.actions', { name }),
      onclick: (e) => {
        actions.hidden = !actions.hidden;
        e.currentTarget.setAttribute('aria-expanded', String(!actions.hidden));
      },
    }, '⋯') : null;
    const at = new Date(message.at * 1000);
    return h('li', {
      class: `chat-message${message.deleted ? ' deleted' : ''}${mine ? ' mine' : ''}`,
      dataset: { id: message.id, room: message.room, player: message.player ?? '', phrase: message.phrase ?? '' },
      hidden: message.room !== this.room,
    }, h('p', { class: 'chat-line' },
      h('span', { class: `chat-name seat-name${message.seat === null ? '' : ` ${seatColour(message.seat)}`}` },
        mine ? t('seat.you', { name }) : name),
      ' ',
      h('time', { class: 'chat-time', datetime: at.toISOString() },
        at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })),
      ' ',
      message.deleted ? h('span', { class: 'chat-text chat-deleted' }, t('chat.deleted'))
        : h('span', { class: 'chat-text', dir: 'auto' }, message.text)), more, actions);
  }

  choose(room) {
    this.room = room;
    for (const tab of this.tabs) {
      const chosen = tab.dataset.room === room;
      tab.setAttribute('aria-selected', String(chosen));
      if (chosen) tab.classList.remove('has-unread');
    }
    for (const line of this.list.children) line.hidden = line.dataset.room !== room;
    this.drawEmpty();
    this.list.scrollTop = this.list.scrollHeight;
  }

  unfold(open, keep = true) {
    this.open = open;
    if (keep) localStorage.setItem(OPEN_KEY, String(open));
    this.body.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open) this.unread = 0;
    this.drawUnread();
    if (open) this.list.scrollTop = this.list.scrollHeight;
  }

  reveal() {
    if (!this.open) this.unfold(true);
    this.panel.scrollIntoView({ block: 'start' });
    this.text.focus({ preventScroll: true });
  }

  // A message the reader has not seen yet: counted while the chat is folded, marked on its room's tab if not shown.
  unseen(room) {
    if (!this.open) {
      this.unread += 1;
      this.drawUnread();
    }
    if (room !== this.room) this.tabs.find((tab) => tab.dataset.room === room)?.classList.add('has-unread');
  }

  drawUnread() {
    for (const badge of this.badges) {
      badge.hidden = !this.unread;
      badge.textContent = String(this.unread);
      badge.setAttribute('aria-label', t('chat.unread', { count: this.unread }));
    }
  }

  drawEmpty() {
    this.empty.hidden = [...this.list.children].some((line) => !line.hidden);
  }

  drawCount() {
    const length = [...this.text.value.trim()].length;
    const over = length > MAX_TEXT;
    this.count.textContent = `${length}/${MAX_TEXT}`;
    this.count.classList.toggle('over', over);
    this.count.setAttribute('aria-label', t('chat.count', { count: length, max: MAX_TEXT }));
    this.send.disabled = !length || over;
    // The limit passed is said at once, and unsaid once the text is short enough again.
    if (over) {
      this.say(t('chat.too-long', { max: MAX_TEXT }));
      this.problem.dataset.kind = 'too-long';
    } else if (this.problem.dataset.kind === 'too-long') this.say('');
  }

  // Enter sends, Shift+Enter starts a new line.
  pressed(e) {
    if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
    e.preventDefault();
    this.sendText();
  }

  async sendText() {
    const text = this.text.value.trim();
    if (!text || [...text].length > MAX_TEXT) return;
    if (await this.post({ text })) {
      this.text.value = '';
      this.drawCount();
    }
  }

  /** Post a message (`{text}` or `{phrase}`) to the room shown; whether it was taken. */
  async post(said) {
    this.say('');
    try {
      const token = await this.writer();
      this.add(await api('POST', `${this.base}/chat`, { token, query: this.query, body: { room: this.room, ...said } }));
      this.list.scrollTop = this.list.scrollHeight;
      return true;
    } catch (error) {
      this.say(refusal(error, 'chat.too-fast'));
      return false;
    }
  }

  async mute(player, name) {
    try {
      const { token } = await ensurePlayer(document.getElementById('player-name')?.value);
      await api('POST', `/v1/players/me/mutes/${encodeURIComponent(player)}`, { token });
      keepName(player, name);
      this.muted.add(player);
      for (const line of [...this.list.children]) {
        if (line.dataset.player !== player) continue;
        this.lines.delete(line.dataset.id);
        line.remove();
      }
      this.drawEmpty();
      this.drawMuted();
      this.say(t('chat.muted-now', { name }));
    } catch (error) {
      this.say(refusal(error, 'chat.too-fast'));
    }
  }

  async unmute(player, name) {
    try {
      await api('DELETE', `/v1/players/me/mutes/${encodeURIComponent(player)}`, { token: storedPlayer()?.token });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        this.say(refusal(error, 'chat.too-fast'));
        return;
      }
    }
    this.muted.delete(player);
    this.drawMuted();
    this.say(t('chat.unmuted-now', { name }));
    // The server left their messages out of every read: the chat is read again from its start.
    this.list.replaceChildren();
    this.lines.clear();
    this.readTo = null;
    await this.readNew().catch(quiet);
  }

  drawMuted() {
    const names = knownNames();
    this.mutedLine.hidden = !this.muted.size;
    fill(this.mutedLine, this.muted.size ? `${t('chat.muted')} ` : null, [...this.muted].map((player) => {
      const name = names[player] || t('chat.someone');
      return h('button', {
        type: 'button', class: 'chat-unmute', dataset: { player }, onclick: () => this.unmute(player, name),
      }, t('chat.unmute', { name }));
    }));
  }

  // A seat's report of a message: its reason asked for in the message's own actions (`offers` draws them again).
  askReason(message, actions, offers) {
    const reason = h('input', {
      type: 'text', class: 'chat-reason', maxlength: String(MAX_REASON), required: true,
      'aria-label': t('chat.report-reason'), placeholder: t('chat.report-reason'),
    });
    const back = () => fill(actions, offers());
    fill(actions, h('form', {
      class: 'chat-report-form',
      onsubmit: async (e) => {
        e.preventDefault();
        if (await this.report(message, reason.value.trim())) back();
      },
    }, reason, h('button', { type: 'submit', class: 'chat-report-send' }, t('chat.report-send')),
    h('button', { type: 'button', class: 'chat-report-cancel', onclick: back }, t('chat.cancel'))));
    reason.focus();
  }

  async report(message, reason) {
    if (!reason) return false;
    try {
      await api('POST', `${this.base}/chat/${encodeURIComponent(message.id)}/report`, {
        token: this.token, query: this.query, body: { reason },
      });
      this.say(t('chat.reported'));
      return true;
    } catch (error) {
      this.say(refusal(error, 'chat.reports-too-fast'));
      return false;
    }
  }

  say(text) {
    delete this.problem.dataset.kind;
    this.problem.textContent = text;
  }
}

/** Whether message id `a` was sent before `b` (ids are `<milliseconds>-<sequence>`). */
function earlier(a, b) {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am < bm || (am === bm && as < bs);
}

// What a refused post, mute or report tells the reader, in their language: `tooFast` names the words of a 429.
function refusal(error, tooFast) {
  if (!(error instanceof ApiError)) return t('error.something', { reason: error.message });
  if (error.status === 429) return t(tooFast, { count: error.retryAfter ?? 30 });
  if (error.status === 422) return t('chat.size', { max: MAX_TEXT });
  if (error.problem.type?.endsWith('/chat-closed')) return t('chat.closed');
  return t('error.something', { reason: error.problem.detail || error.problem.title || error.status });
}

function knownNames() {
  try {
    return JSON.parse(localStorage.getItem(NAMES_KEY)) || {};
  } catch {
    return {};
  }
}

function keepName(player, name) {
  localStorage.setItem(NAMES_KEY, JSON.stringify({ ...knownNames(), [player]: name }));
}

// A read that fails (the server restarting) is tried again when the stream is live again.
function quiet(error) {
  console.warn(error);
}
