// The lobby's quick play: wait in a queue of a game type and player count (POST /v1/quickplay), see where one
// stands in it, and go to the game once a table is formed (GET /v1/quickplay, read while waiting).

import { api, ensurePlayer, storedPlayer } from './api.js';
import { t } from './i18n.js';
import { h, fill, notify } from './ui.js';

/** Seconds between reads of the queues while the player waits in one. */
const POLL_SECONDS = 2;
/** The wait offered before bots take the seats nobody came for. */
const DEFAULT_BOTS_AFTER = 30;

/** The quick-play panel of the lobby. */
export class QuickPlay {
  constructor(types) {
    this.types = types;
    this.byId = Object.fromEntries(types.map((type) => [type.id, type]));
    this.timer = null;
    // Queues seen waiting on this page: a table formed in one of them opens its game (an older one is only shown).
    this.waited = new Set();
    this.stopped = false;
  }

  /** The panel: game, players, bots after a wait, the button, and where the player stands. */
  panel() {
    this.el = {
      type: h('select', { id: 'quickplay-type' }, this.types.map((type) => h('option', { value: type.id }, type.name))),
      players: h('select', { id: 'quickplay-players' }),
      bots: h('input', { id: 'quickplay-bots', type: 'checkbox', checked: true }),
      after: h('input', {
        id: 'quickplay-after', type: 'number', min: '0', max: '3600', inputmode: 'numeric',
        value: String(DEFAULT_BOTS_AFTER),
      }),
      join: h('button', { id: 'quickplay-join', type: 'submit', class: 'primary' }, t('quickplay.join')),
      leave: h('button', { id: 'quickplay-leave', type: 'button', hidden: true }, t('quickplay.leave')),
      status: h('ul', { id: 'quickplay-status', class: 'quickplay-status', role: 'status', 'aria-live': 'polite' }),
    };
    const el = this.el;
    el.type.addEventListener('change', () => this.choosePlayers());
    el.bots.addEventListener('change', () => {
      el.after.disabled = !el.bots.checked;
    });
    el.leave.addEventListener('click', () => this.leave());
    this.choosePlayers();
    const form = h('form', { id: 'quickplay', class: 'panel', 'aria-labelledby': 'quickplay-heading' },
      h('h2', { id: 'quickplay-heading' }, t('quickplay.title')),
      h('p', { class: 'hint' }, t('quickplay.hint')),
      h('div', { class: 'option' }, h('label', { for: 'quickplay-type' }, t('lobby.game')), el.type),
      h('div', { class: 'option' }, h('label', { for: 'quickplay-players' }, t('quickplay.players')), el.players),
      h('div', { class: 'option check' }, h('label', { class: 'check-label', for: 'quickplay-bots' }, el.bots,
        t('quickplay.bots'))),
      h('div', { class: 'option' }, h('label', { for: 'quickplay-after' }, t('quickplay.after')), el.after),
      h('div', { class: 'quickplay-actions' }, el.join, el.leave),
      el.status);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.join();
    });
    return form;
  }

  choosePlayers() {
    const type = this.byId[this.el.type.value];
    const counts = [];
    for (let n = type.min_players; n <= type.max_players; n++) counts.push(n);
    fill(this.el.players, counts.map((n) => h('option', { value: String(n) }, String(n))));
    this.el.players.value = String(counts.includes(Math.max(2, type.min_players)) ? Math.max(2, type.min_players)
      : counts[0]);
  }

  /** Show the queues the stored player already waits in (another tab, before a reload). */
  start() {
    this.read().catch(() => {});
  }

  /** Stop reading the queues (the lobby is left). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async join() {
    const body = { type: this.el.type.value, players: Number(this.el.players.value) };
    if (this.el.bots.checked && this.el.after.value !== '') body.bots_after_seconds = Number(this.el.after.value);
    this.el.join.disabled = true;
    try {
      const player = await ensurePlayer(document.getElementById('player-name').value);
      const entry = await api('POST', '/v1/quickplay', { body, token: player.token });
      this.waited.add(entry.queue);
      if (!this.seated([entry])) await this.read();
    } catch (error) {
      notify(t('quickplay.refused', { reason: error.message }), 'error');
    } finally {
      this.el.join.disabled = false;
    }
  }

  async leave() {
    try {
      await api('DELETE', '/v1/quickplay', { token: storedPlayer().token });
      this.waited.clear();
      await this.read();
    } catch (error) {
      notify(t('quickplay.refused', { reason: error.message }), 'error');
    }
  }

  // The player's queues, shown; read again while it waits in one, until a table is formed.
  async read() {
    clearTimeout(this.timer);
    const player = storedPlayer();
    if (!player || this.stopped) return;
    const { queues } = await api('GET', '/v1/quickplay', { token: player.token });
    if (this.stopped || this.seated(queues)) return;
    const waiting = queues.filter((entry) => entry.status === 'waiting');
    this.el.leave.hidden = !waiting.length;
    fill(this.el.status, waiting.map((entry) => h('li', { class: 'waiting', dataset: { queue: entry.queue } },
      t('quickplay.waiting', {
        game: this.byId[entry.type]?.name ?? entry.type, count: entry.players,
        place: entry.position === null || entry.position === undefined ? '—' : entry.position + 1,
        size: entry.size ?? '—',
      }))));
    for (const entry of waiting) this.waited.add(entry.queue);
    if (waiting.length) this.timer = setTimeout(() => this.read().catch(() => this.retry()), POLL_SECONDS * 1000);
  }

  retry() {
    if (!this.stopped) this.timer = setTimeout(() => this.read().catch(() => this.retry()), POLL_SECONDS * 1000);
  }

  // A table formed in a queue waited in on this page: its game is opened. True if it was.
  seated(entries) {
    const found = entries.find((entry) => entry.status === 'seated' && entry.game && this.waited.has(entry.queue));
    if (!found) return false;
    this.waited.delete(found.queue);
    fill(this.el.status, h('li', { class: 'seated' }, t('quickplay.seated')));
    location.hash = `#/games/${found.game}`;
    return true;
  }
}
