// The lobby: the player's games, every game by type and status, the form that creates one, open seats to join.

import { api, claimSeat, gameTypes, myGames } from './api.js';
import { optionFields, readOptions, humanize } from './options.js';
import { h, fill, notify, when } from './ui.js';

/** Seconds between the lobby's own refreshes while it is shown. */
const REFRESH_SECONDS = 10;

/** Show the lobby in `root`; returns its cleanup. */
export async function showLobby(root) {
  document.title = 'Lobby · dogpark';
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
  }

  layout() {
    const typeChoices = () => this.types.map((type) => h('option', { value: type.id }, type.name));
    this.el = {
      mine: h('ul', { id: 'my-games', class: 'game-list' }),
      games: h('ul', { id: 'games', class: 'game-list' }),
      filterType: h('select', { id: 'filter-type' }, h('option', { value: '' }, 'Every game'), typeChoices()),
      filterStatus: h('select', { id: 'filter-status' }, h('option', { value: '' }, 'Any status'),
        ['open', 'running', 'finished'].map((s) => h('option', { value: s }, humanize(s)))),
      type: h('select', { id: 'create-type', name: 'type' }, typeChoices()),
      options: h('div', { id: 'create-options', class: 'options' }),
      seats: h('ul', { id: 'create-seats', class: 'seats' }),
      addSeat: h('button', { id: 'add-seat', type: 'button' }, 'Add a seat'),
      hotseat: h('input', { id: 'create-hotseat', name: 'hotseat', type: 'checkbox' }),
      clock: h('input', {
        id: 'create-clock', name: 'clock', type: 'number', min: '1', max: '604800', inputmode: 'numeric',
        placeholder: 'none', 'aria-describedby': 'create-clock-hint',
      }),
    };
    const el = this.el;
    this.form = h('form', { id: 'create-form', class: 'panel', 'aria-labelledby': 'create-heading' },
      h('h2', { id: 'create-heading' }, 'New game'),
      h('div', { class: 'option' }, h('label', { for: 'create-type' }, 'Game'), el.type),
      el.options,
      h('fieldset', { class: 'seats-field' }, h('legend', {}, 'Seats'), el.seats, el.addSeat),
      h('div', { class: 'option' }, h('label', { for: 'create-clock' }, 'Seconds per decision'), el.clock,
        h('small', { id: 'create-clock-hint', class: 'hint' }, 'Empty: no clock.')),
      h('div', { class: 'option check' }, el.hotseat,
        h('label', { for: 'create-hotseat' }, 'Play every human seat on this device (hotseat)')),
      h('button', { id: 'create', type: 'submit', class: 'primary' }, 'Create and play'));
    fill(this.root, h('div', { class: 'lobby' },
      h('section', { class: 'panel', 'aria-labelledby': 'mine-heading' },
        h('h2', { id: 'mine-heading' }, 'My games'), el.mine),
      this.form,
      h('section', { class: 'panel wide', 'aria-labelledby': 'games-heading' },
        h('h2', { id: 'games-heading' }, 'Games'),
        h('div', { class: 'filters' },
          h('label', { for: 'filter-type' }, 'Game'), el.filterType,
          h('label', { for: 'filter-status' }, 'Status'), el.filterStatus,
          h('button', { type: 'button', id: 'lobby-refresh', onclick: () => this.refresh() }, 'Refresh')),
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
    const select = h('select', { class: 'seat-kind', 'aria-label': 'Seat' },
      h('option', { value: 'human' }, 'Human'),
      bots.map((bot) => h('option', { value: bot }, `Bot: ${bot}`)));
    select.value = kind ?? bots[0];
    const row = h('li', { class: 'seat-row' }, h('span', { class: 'seat-number' }), select,
      h('button', { type: 'button', class: 'remove-seat', 'aria-label': 'Remove this seat' }, 'Remove'));
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
      row.querySelector('.seat-number').textContent = `Seat ${i}`;
      row.querySelector('.seat-kind').setAttribute('aria-label', `Seat ${i}`);
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
      notify(`The game was not created: ${error.message}${option ? ` (option ${option})` : ''}`, 'error');
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
      notify(`Your games could not be read: ${error.message}`, 'error');
    }
    fill(this.el.mine, games.length ? games.map((game) => h('li', {
      class: `game-row mine${game.your_turn ? ' your-turn' : ''}`, dataset: { game: game.id },
    },
    h('a', { href: `#/games/${game.id}` }, this.byId[game.type]?.name ?? game.type),
    h('code', { class: 'game-id', title: game.id }, game.id.slice(0, 8)),
    h('span', { class: 'state' }, game.your_turn ? '▶ your turn' : game.status),
    h('span', { class: 'seat' }, `seat ${game.seats.join(', ')}`),
    h('time', {}, when(game.created)))) : h('li', { class: 'empty' }, 'No games yet: create one below.'));
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
      : h('li', { class: 'empty' }, 'No games match.'));
  }

  gameRow(game, view) {
    const open = view ? view.seats.filter((seat) => seat.kind === 'human' && !seat.claimed) : [];
    return h('li', { class: 'game-row', dataset: { game: game.id, status: game.status, type: game.type } },
      h('a', { href: `#/games/${game.id}` }, this.byId[game.type]?.name ?? game.type),
      h('code', { class: 'game-id', title: game.id }, game.id.slice(0, 8)),
      h('span', { class: `state state-${game.status}` }, game.status),
      h('time', {}, when(game.created)),
      open.map((seat) => h('button', {
        type: 'button', class: 'join', dataset: { seat: String(seat.seat) },
        'aria-label': `Join seat ${seat.seat} of game ${game.id}`,
        onclick: () => this.join(game.id, seat.seat),
      }, `Join seat ${seat.seat}`)),
      h('a', { class: 'watch', href: `#/games/${game.id}` }, game.status === 'finished' ? 'Replay' : 'Watch'));
  }

  async join(gameId, seat) {
    try {
      await claimSeat(gameId, seat, typedName());
      location.hash = `#/games/${gameId}`;
    } catch (error) {
      notify(`Could not join: ${error.message}`, 'error');
      await this.refresh();
    }
  }
}

function typedName() {
  return document.getElementById('player-name').value;
}
