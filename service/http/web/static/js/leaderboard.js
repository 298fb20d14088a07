// The lobby's leaderboard of a game type: its rated players and bots, best first (GET
// /v1/game-types/{id}/leaderboard), by the rating shown (OpenSkill's ordinal) and the rated games played.

import { api, storedPlayer } from './api.js';
import { hasText, t } from './i18n.js';
import { h, fill } from './ui.js';

/** How many entries the lobby shows. */
const SHOWN = 20;

/** The leaderboard panel of the lobby. */
export class Leaderboard {
  constructor(types) {
    this.types = types;
    this.asked = 0;
  }

  panel() {
    this.select = h('select', { id: 'leaderboard-type' },
      this.types.map((type) => h('option', { value: type.id }, type.name)));
    this.body = h('div', { id: 'leaderboard-body' });
    this.select.addEventListener('change', () => this.refresh());
    this.section = h('section', { id: 'leaderboard', class: 'panel', 'aria-labelledby': 'leaderboard-heading' },
      h('h2', { id: 'leaderboard-heading' }, t('leaderboard.title')),
      h('div', { class: 'option' }, h('label', { for: 'leaderboard-type' }, t('lobby.game')), this.select),
      this.body);
    return this.section;
  }

  /** Show the leaderboard of `typeId`, brought into sight. */
  async show(typeId) {
    this.select.value = typeId;
    this.section.scrollIntoView({ block: 'start' });
    this.select.focus({ preventScroll: true });
    await this.refresh();
  }

  async refresh() {
    const asked = ++this.asked;
    const type = this.select.value;
    const board = await api('GET', `/v1/game-types/${encodeURIComponent(type)}/leaderboard`,
      { query: { limit: String(SHOWN) } });
    if (asked !== this.asked) return;
    const me = storedPlayer()?.id;
    fill(this.body, board.entries.length
      ? h('table', { class: 'leaderboard-table', dataset: { type } },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('leaderboard.rank')),
          h('th', { scope: 'col' }, t('leaderboard.name')), h('th', { scope: 'col' }, t('leaderboard.rating')),
          h('th', { scope: 'col' }, t('leaderboard.games')))),
        h('tbody', {}, board.entries.map((entry, i) => h('tr', {
          class: entry.kind === 'player' && entry.id === me ? 'me' : null, dataset: { kind: entry.kind, id: entry.id },
        },
        h('td', { class: 'rank' }, String(i + 1)),
        h('th', { scope: 'row', class: 'name', translate: entry.kind === 'builtin' ? null : 'no' }, entryName(entry)),
        h('td', { class: 'rating' }, entry.ordinal.toFixed(1)),
        h('td', { class: 'games' }, String(entry.games))))))
      : h('p', { class: 'empty' }, t('leaderboard.empty')));
  }
}

// A player by name, a built-in bot by its level in the page's language, a registered bot by its name; "(bot)" after
// a bot.
function entryName(entry) {
  if (entry.kind === 'player') return entry.name || entry.id;
  const name = entry.kind === 'builtin' && hasText(`bot.${entry.id}`) ? t(`bot.${entry.id}`) : entry.name || entry.id;
  return t('seat.bot', { name });
}
