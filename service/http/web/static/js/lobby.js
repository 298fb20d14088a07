// The lobby: the player's games, every game by type and status, the form that creates one, open seats to join.

import { api, claimSeat, gameTypes, myGames } from './api.js';
import { hasText, t } from './i18n.js';
import { optionFields, readOptions } from './options.js';
import { h, fill, notify, when } from './ui.js';

/** Seconds between the lobby's own refreshes while it is shown. */
const REFRESH_SECONDS = 10;

/** Show the lobby in `root`; returns its cleanup. */
export async function showLobby(root) {
  document.title = `${t('lobby.title')} · dogpark`;
  const types = await gameTypes();
  const lobby = new Lobby(root, types);
  lobby.layout();
  await lobby.refresh();
  const timer = setInterval(() => lobby.refresh().catch(() => {}), REFRESH_SECONDS * 1000);
  return () => clearInterval(timer);
}

class Lobby {
  constructor(root, types) {
    this.root = root;
    this.types = types;
    this.byId = Object.fromEntries(types.map((type) => [type.id, type]));
    this.asked = 0;
    this.seated = new Map();
  }

  layout() {
    const typeChoices = () => this.types.map((type) => h('option', { value: type.id }, type.name));
    this.el = {
      mine: h('ul', { id: 'my-games', class: 'game-list' }),
      games: h('ul', { id: 'games', class: 'game-list' }),
      filterType: h('select', { id: 'filter-type' }, h('option', { value: '' }, t('lobby.every-game')), typeChoices()),
      filterStatus: h('select', { id: 'filter-status' }, h('option', { value: '' }, t('lobby.any-status')),
        ['open', 'running', 'finished'].map((s) => h('option', { value: s }, t(`status.${s}`)))),
      type: h('select', { id: 'create-type', name: 'type' }, typeChoices()),
      options: h('div', { id: 'create-options', class: 'options' }),
      seats: h('ul', { id: 'create-seats', class: 'seats' }),
      addSeat: h('button', { id: 'add-seat', type: 'button' }, t('lobby.add-seat')),
      hotseat: h('input', { id: 'create-hotseat', name: 'hotseat', type: 'checkbox' }),
      clock: h('input', {
        id: 'create-clock', name: 'clock', type: 'number', min: '1', max: '604800', inputmode: 'numeric',
        placeholder: t('lobby.no-clock-placeholder'), 'aria-describedby': 'create-clock-hint',
      }),
    };
    const el = this.el;
    this.form = h('form', { id: 'create-form', class: 'panel', 'aria-labelledby': 'create-heading' },
      h('h2', { id: 'create-heading' }, t('lobby.new-game')),
      h('div', { class: 'option' }, h('label', { for: 'create-type' }, t('lobby.game')), el.type),
      el.options,
      h('fieldset', { class: 'seats-field' }, h('legend', {}, t('lobby.seats')), el.seats, el.addSeat),
      h('div', { class: 'option' }, h('label', { for: 'create-clock' }, t('lobby.clock')), el.clock,
        h('small', { id: 'create-clock-hint', class: 'hint' }, t('lobby.clock-hint'))),
      h('div', { class: 'option check' }, el.hotseat,
        h('label', { for: 'create-hotseat' }, t('lobby.hotseat'))),
      h('button', { id: 'create', type: 'submit', class: 'primary' }, t('lobby.create')));
    fill(this.root, h('div', { class: 'lobby' },
      h('section', { class: 'panel', 'aria-labelledby': 'mine-heading' },
        h('h2', { id: 'mine-heading' }, t('lobby.my-games')), el.mine),
      this.form,
      h('section', { class: 'panel wide', 'aria-labelledby': 'games-heading' },
        h('h2', { id: 'games-heading' }, t('lobby.games')),
        h('div', { class: 'filters' },
          h('label', { for: 'filter-type' }, t('lobby.game')), el.filterType,
          h('label', { for: 'filter-status' }, t('lobby.status')), el.filterStatus,
          h('button', { type: 'button', id: 'lobby-refresh', onclick: () => this.refresh() }, t('lobby.refresh'))),
        el.games)));
    el.type.addEventListener('change', () => this.chooseType());
    el.addSeat.addEventListener('click', () => this.addSeat());
    el.filterType.addEventListener('change', () => this.refresh());
    el.filterStatus.addEventListener('change', () => this.refresh());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.create();
    });
    this.chooseType();
  }

  // The form for the chosen game: its options, and its fewest seats (one human, the rest its first bot).
  chooseType() {
    const type = this.byId[this.el.type.value];
    fill(this.el.options, optionFields(type.options_schema));
    fill(this.el.seats);
    for (let i = 0; i < Math.max(type.min_players, 2) && i < type.max_players; i++) {
      this.addSeat(i === 0 ? 'human' : type.bots[0]);
    }
  }

  addSeat(kind = null) {
    const type = this.byId[this.el.type.value];
    if (this.el.seats.children.length >= type.max_players) return;
    const bots = [...type.bots, ...type.registered_bots];
    const select = h('select', { class: 'seat-kind', 'aria-label': t('lobby.seat-kind') },
      h('option', { value: 'human' }, t('lobby.human')),
      // A built-in bot by its level in the language (as the server names it at the table), a registered one by name.
      bots.map((bot) => h('option', { value: bot },
        t('lobby.bot', { bot: hasText(`bot.${bot}`) ? t(`bot.${bot}`) : bot }))));
    select.value = kind ?? bots[0];
    const row = h('li', { class: 'seat-row' }, h('span', { class: 'seat-number' }), select,
      h('button', { type: 'button', class: 'remove-seat', 'aria-label': t('lobby.remove-seat-label') },
        t('lobby.remove-seat')));
    row.querySelector('.remove-seat').addEventListener('click', () => {
      if (this.el.seats.children.length > type.min_players) row.remove();
      this.numberSeats();
    });
    this.el.seats.append(row);
    this.numberSeats();
  }

  numberSeats() {
    const type = this.byId[this.el.type.value];
    const rows = [...this.el.seats.children];
    rows.forEach((row, i) => {
      row.querySelector('.seat-number').textContent = t('lobby.seat-number', { number: i + 1 });
      row.querySelector('.seat-kind').setAttribute('aria-label', t('lobby.seat-number', { number: i + 1 }));
      row.querySelector('.remove-seat').disabled = rows.length <= type.min_players;
    });
    this.el.addSeat.disabled = rows.length >= type.max_players;
  }

  async create() {
    const button = this.form.querySelector('#create');
    const type = this.byId[this.el.type.value];
    const kinds = [...this.el.seats.querySelectorAll('select.seat-kind')].map((select) => select.value);
    const body = {
      type: type.id,
      options: readOptions(this.form, type.options_schema),
      seats: kinds.map((kind) => (kind === 'human' ? { human: true } : { bot: kind })),
    };
    if (this.el.clock.value) body.clock = { turn_seconds: Number(this.el.clock.value) };
    const humans = kinds.flatMap((kind, seat) => (kind === 'human' ? [seat] : []));
    if (this.el.hotseat.checked) body.hotseat = true;
    button.disabled = true;
    try {
      const game = await api('POST', '/v1/games', { body });
      // The player takes the first human seat, or every one of them at a hotseat.
      for (const seat of body.hotseat ? humans : humans.slice(0, 1)) await claimSeat(game.id, seat, typedName());
      location.hash = `#/games/${game.id}${body.hotseat && humans.length ? `?seat=${humans[0]}` : ''}`;
    } catch (error) {
      const option = error.problem?.option;
      const reason = option ? t('lobby.refused-option', { reason: error.message, option }) : error.message;
      notify(t('lobby.not-created', { reason }), 'error');
    } finally {
      button.disabled = false;
    }
  }

  async refresh() {
    await Promise.all([this.showMine(), this.showGames()]);
  }

  async showMine() {
    let games = [];
    try {
      games = await myGames({ limit: '20' });
    } catch (error) {
      notify(t('lobby.mine-unread', { reason: error.message }), 'error');
    }
    const views = await Promise.all(games.map((game) => this.seatsOf(game)));
    fill(this.el.mine, games.length ? games.map((game, i) => h('li', {
      class: `game-row mine${game.your_turn ? ' your-turn' : ''}`, dataset: { game: game.id },
    },
    h('a', { href: `#/games/${game.id}` }, this.byId[game.type]?.name ?? game.type),
    h('span', { class: 'state' }, game.your_turn ? `▶ ${t('lobby.your-turn')}` : t(`status.${game.status}`)),
    h('span', { class: 'seat' }, seatsText(game.seats, views[i])),
    h('time', {}, when(game.created)))) : h('li', { class: 'empty' }, t('lobby.no-games-yet')));
  }

  // A game's seats (from its view: the player's list gives only their numbers), kept once the game is under way,
  // when they no longer change.
  async seatsOf(game) {
    if (this.seated.has(game.id)) return this.seated.get(game.id);
    const view = await api('GET', `/v1/games/${game.id}`).catch(() => null);
    if (view && view.status !== 'open') this.seated.set(game.id, view);
    return view;
  }

  async showGames() {
    const asked = ++this.asked;
    const query = { limit: '30' };
    if (this.el.filterType.value) query.type = this.el.filterType.value;
    if (this.el.filterStatus.value) query.status = this.el.filterStatus.value;
    const { games } = await api('GET', '/v1/games', { query });
    // The lobby lists how many seats are open, not which: an open game's spectator view says.
    const views = await Promise.all(games.map((game) => (game.open_seats > 0 && game.status === 'open'
      ? api('GET', `/v1/games/${game.id}`).catch(() => null) : null)));
    // Filters changed quickly send several reads: only the last one asked is drawn, whatever order they end in.
    if (asked !== this.asked) return;
    fill(this.el.games, games.length ? games.map((game, i) => this.gameRow(game, views[i]))
      : h('li', { class: 'empty' }, t('lobby.no-match')));
  }

  gameRow(game, view) {
    const open = view ? view.seats.filter((seat) => seat.kind === 'human' && !seat.claimed) : [];
    return h('li', { class: 'game-row', dataset: { game: game.id, status: game.status, type: game.type } },
      h('a', { href: `#/games/${game.id}` }, this.byId[game.type]?.name ?? game.type),
      h('code', { class: 'game-id', title: game.id }, game.id.slice(0, 8)),
      h('span', { class: `state state-${game.status}` }, t(`status.${game.status}`)),
      h('time', {}, when(game.created)),
      open.map((seat) => h('button', {
        type: 'button', class: 'join', dataset: { seat: String(seat.seat) },
        'aria-label': t('lobby.join-label', { number: seat.seat + 1, game: game.id }),
        onclick: () => this.join(game.id, seat.seat),
      }, t('lobby.join', { number: seat.seat + 1 }))),
      h('a', { class: 'watch', href: `#/games/${game.id}` },
        game.status === 'finished' ? t('lobby.replay') : t('lobby.watch')));
  }

  async join(gameId, seat) {
    try {
      await claimSeat(gameId, seat, typedName());
      location.hash = `#/games/${gameId}`;
    } catch (error) {
      notify(t('lobby.not-joined', { reason: error.message }), 'error');
      await this.refresh();
    }
  }
}

// "Ana" (a game's one seat of the player), "Ana, Ana 2" at a hotseat: the names the seats play under.
function seatsText(seats, view) {
  const names = seats.map((seat) => view?.seats[seat]?.name || t('seat.fallback', { number: seat + 1 }));
  return t('lobby.playing-as', { names: names.join(', ') });
}

function typedName() {
  return document.getElementById('player-name').value;
}
