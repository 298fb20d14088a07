// The lobby: the games offered (each with its picture, what it is about, how many play and how long), the player's
// games and challenges, every game by type and status with who plays and who won, the form that creates one, quick
// play, and each game's leaderboard.

import { api, claimSeat, ensurePlayer, gameTypes, myGames, storedPlayer } from './api.js';
import { hasText, t } from './i18n.js';
import { Leaderboard } from './leaderboard.js';
import { optionFields, readOptions } from './options.js';
import { QuickPlay } from './quickplay.js';
import { seatColour } from './seats.js';
import { h, fill, notify, when } from './ui.js';

/** Seconds between the lobby's own refreshes while it is shown. */
const REFRESH_SECONDS = 10;
/** The games the project has drawn a picture of (static/img/<type>.svg). */
const PICTURES = new Set(['felix', 'spots', 'dogs', 'dogslife']);

/** Show the lobby in `root`; returns its cleanup. */
export async function showLobby(root) {
  document.title = `${t('lobby.title')} · dogpark`;
  const types = await gameTypes();
  const lobby = new Lobby(root, types);
  lobby.layout();
  await lobby.refresh();
  const timer = setInterval(() => lobby.refresh().catch(() => {}), REFRESH_SECONDS * 1000);
  return () => {
    clearInterval(timer);
    lobby.quickPlay.stop();
  };
}

class Lobby {
  constructor(root, types) {
    this.root = root;
    this.types = types;
    this.byId = Object.fromEntries(types.map((type) => [type.id, type]));
    this.asked = 0;
    // Views of games that no longer change while their status stays (seats taken, winners known), by id:status.
  }

  layout() {
    const typeChoices = () => this.types.map((type) => h('option', { value: type.id }, type.name));
    this.el = {
      mine: h('ul', { id: 'my-games', class: 'game-list' }),
      challenges: h('ul', { id: 'challenges', class: 'game-list' }),
      games: h('ul', { id: 'games', class: 'game-list' }),
      filterType: h('select', { id: 'filter-type' }, h('option', { value: '' }, t('lobby.every-game')), typeChoices()),
      filterStatus: h('select', { id: 'filter-status' }, h('option', { value: '' }, t('lobby.any-status')),
        ['open', 'running', 'finished'].map((s) => h('option', { value: s }, t(`status.${s}`)))),
      type: h('select', { id: 'create-type', name: 'type' }, typeChoices()),
      options: h('div', { id: 'create-options', class: 'options' }),
      seats: h('ul', { id: 'create-seats', class: 'seats' }),
      addSeat: h('button', { id: 'add-seat', type: 'button' }, t('lobby.add-seat')),
      hotseat: h('input', { id: 'create-hotseat', name: 'hotseat', type: 'checkbox' }),
      private: h('input', { id: 'create-private', name: 'private', type: 'checkbox' }),
      rated: h('input', { id: 'create-rated', name: 'rated', type: 'checkbox' }),
      // A table's undo, spectator delay and hints, at their defaults (docs/tables.md).
      undo: h('select', { id: 'create-undo', name: 'undo' },
        ['safe', 'ask', 'off'].map((setting) => h('option', { value: setting }, t(`lobby.undo-${setting}`)))),
      spectatorDelay: h('input', {
        id: 'create-spectator-delay', name: 'spectator_delay', type: 'number', min: '0', max: '50', value: '0',
        inputmode: 'numeric', 'aria-describedby': 'create-spectator-delay-hint',
      }),
      hints: h('input', { id: 'create-hints', name: 'hints', type: 'checkbox', checked: true }),
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
      check(el.hotseat, t('lobby.hotseat')),
      check(el.private, t('lobby.private'), t('lobby.private-hint')),
      check(el.rated, t('lobby.rated'), t('lobby.rated-hint')),
      h('div', { class: 'option' }, h('label', { for: 'create-undo' }, t('lobby.undo')), el.undo),
      h('div', { class: 'option' }, h('label', { for: 'create-spectator-delay' }, t('lobby.spectator-delay')),
        el.spectatorDelay, h('small', { id: 'create-spectator-delay-hint', class: 'hint' },
          t('lobby.spectator-delay-hint'))),
      check(el.hints, t('lobby.hints'), t('lobby.hints-hint')),
      h('button', { id: 'create', type: 'submit', class: 'primary' }, t('lobby.create')));
    this.quickPlay = new QuickPlay(this.types);
    this.leaderboard = new Leaderboard(this.types);
    fill(this.root, h('div', { class: 'lobby' },
      h('section', { class: 'panel wide', 'aria-labelledby': 'catalogue-heading' },
        h('h2', { id: 'catalogue-heading' }, t('lobby.catalogue')),
        h('ul', { id: 'catalogue', class: 'catalogue' }, this.types.map((type) => this.card(type)))),
      h('section', { class: 'panel', 'aria-labelledby': 'mine-heading' },
        h('h2', { id: 'mine-heading' }, t('lobby.my-games')), el.challenges, el.mine),
      this.form,
      this.quickPlay.panel(),
      this.leaderboard.panel(),
      h('section', { class: 'panel wide', 'aria-labelledby': 'games-heading' },
        h('h2', { id: 'games-heading' }, t('lobby.games')),
        h('div', { class: 'filters' },
          h('label', { for: 'filter-type' }, t('lobby.game')), el.filterType,
          h('label', { for: 'filter-status' }, t('lobby.status')), el.filterStatus,
          h('button', { type: 'button', id: 'lobby-refresh', onclick: () => this.refresh() }, t('lobby.refresh'))),
        el.games)));
    el.type.addEventListener('change', () => this.chooseType());
    // A rated game gives no hints: the box says so while rated is ticked.
    el.rated.addEventListener('change', () => {
      el.hints.disabled = el.rated.checked;
      el.hints.checked = !el.rated.checked;
    });
    el.addSeat.addEventListener('click', () => this.addSeat());
    el.filterType.addEventListener('change', () => this.refresh());
    el.filterStatus.addEventListener('change', () => this.refresh());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.create();
    });
    this.chooseType();
    this.quickPlay.start();
  }

  // A game offered: its picture, name, what it is about, how many play and how long, and ways to play it.
  card(type) {
    const [fewest, most] = type.minutes ?? [];
    const players = type.min_players === type.max_players
      ? t('lobby.players-exactly', { count: type.min_players })
      : t('lobby.players-range', { min: type.min_players, max: type.max_players, count: type.max_players });
    return h('li', { class: 'game-card', dataset: { type: type.id } },
      PICTURES.has(type.id)
        ? h('img', { class: 'game-picture', src: `/app/img/${type.id}.svg`, alt: t(`lobby.picture-${type.id}`),
          width: '160', height: '100' })
        : null,
      h('div', { class: 'game-about' },
        h('h3', { class: 'game-name' }, type.name),
        type.description ? h('p', { class: 'game-description' }, type.description) : null,
        h('p', { class: 'game-facts' },
          h('span', { class: 'game-players' }, players),
          fewest ? h('span', { class: 'game-minutes' }, t('lobby.minutes', { min: fewest, max: most })) : null),
        h('div', { class: 'game-actions' },
          h('button', { type: 'button', class: 'choose-game', onclick: () => this.chooseForm(type.id) },
            t('lobby.set-up', { game: type.name })),
          h('button', { type: 'button', class: 'show-leaderboard', onclick: () => this.leaderboard.show(type.id) },
            t('lobby.leaderboard')))));
  }

  // "Set up a table": the form, for that game, brought into sight.
  chooseForm(typeId) {
    this.el.type.value = typeId;
    this.chooseType();
    this.form.scrollIntoView({ block: 'start' });
    this.el.type.focus({ preventScroll: true });
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
      bots.map((bot) => h('option', { value: bot }, t('lobby.bot', { bot: botName(bot) }))));
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
    if (this.el.private.checked) body.private = true;
    if (this.el.rated.checked) body.rated = true;
    if (this.el.undo.value !== 'safe') body.undo = this.el.undo.value;
    if (Number(this.el.spectatorDelay.value) > 0) body.spectator_delay = Number(this.el.spectatorDelay.value);
    // A rated table gives no hints, so only an unrated one says it gives none.
    if (!body.rated && !this.el.hints.checked) body.hints = false;
    button.disabled = true;
    try {
      // A private table is its creator's (its invitations are made with the creator's token): the player first.
      const player = body.private ? await ensurePlayer(typedName()) : null;
      const game = await api('POST', '/v1/games', { body, token: player?.token });
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
    await Promise.all([this.showMine(), this.showGames(), this.showChallenges(), this.leaderboard.refresh()]);
  }

  async showMine() {
    let games = [];
    try {
      games = await myGames({ limit: '20' });
    } catch (error) {
      notify(t('lobby.mine-unread', { reason: error.message }), 'error');
    }
    fill(this.el.mine, games.length ? games.map((game) => h('li', {
      class: `game-row mine${game.your_turn ? ' your-turn' : ''}`, dataset: { game: game.id, status: game.status },
    },
    h('a', { class: 'game-link', href: `#/games/${game.id}` }, this.byId[game.type]?.name ?? game.type),
    h('span', { class: 'state' }, game.your_turn ? `▶ ${t('lobby.your-turn')}` : t(`status.${game.status}`)),
    h('span', { class: 'seat' }, seatsText(game.seats, game)),
    h('time', {}, when(game.created)),
    players(game, game.seats),
    winners(game))) : h('li', { class: 'empty' }, t('lobby.no-games-yet')));
  }

  // The challenges other players sent this one, to accept (the game starts, the page goes to it) or decline.
  async showChallenges() {
    const player = storedPlayer();
    const received = player
      ? (await api('GET', '/v1/players/me/challenges', { token: player.token }).catch(() => ({ received: [] })))
        .received.filter((challenge) => !challenge.answer)
      : [];
    const names = await Promise.all(received.map((challenge) => api('GET', `/v1/players/${challenge.from}`)
      .then((from) => from.name, () => challenge.from)));
    fill(this.el.challenges, received.map((challenge, i) => h('li', {
      class: 'game-row challenge', dataset: { challenge: challenge.id },
    },
    h('span', { class: 'challenge-text' },
      t('lobby.challenged-by', { name: names[i], game: this.byId[challenge.type]?.name ?? challenge.type })),
    h('button', { type: 'button', class: 'accept primary', onclick: () => this.answer(challenge, 'accept') },
      t('lobby.accept')),
    h('button', { type: 'button', class: 'decline', onclick: () => this.answer(challenge, 'decline') },
      t('lobby.decline')))));
  }

  async answer(challenge, answer) {
    try {
      const answered = await api('POST', `/v1/challenges/${challenge.id}/${answer}`, {
        token: storedPlayer().token,
      });
      if (answered.game) location.hash = `#/games/${answered.game}`;
      else await this.showChallenges();
    } catch (error) {
      notify(t('lobby.not-answered', { reason: error.message }), 'error');
    }
  }

  async showGames() {
    const asked = ++this.asked;
    const query = { limit: '30' };
    if (this.el.filterType.value) query.type = this.el.filterType.value;
    if (this.el.filterStatus.value) query.status = this.el.filterStatus.value;
    const { games } = await api('GET', '/v1/games', { query });
    // Filters changed quickly send several reads: only the last one asked is drawn, whatever order they end in.
    if (asked !== this.asked) return;
    fill(this.el.games, games.length ? games.map((game) => this.gameRow(game))
      : h('li', { class: 'empty' }, t('lobby.no-match')));
  }

  gameRow(game) {
    const open = game.status === 'open'
      ? game.players.filter((seat) => seat.kind === 'human' && !seat.claimed) : [];
    return h('li', { class: 'game-row', dataset: { game: game.id, status: game.status, type: game.type } },
      h('a', { class: 'game-link', href: `#/games/${game.id}` }, this.byId[game.type]?.name ?? game.type),
      h('code', { class: 'game-id', title: game.id }, game.id.slice(0, 8)),
      h('span', { class: `state state-${game.status}` }, t(`status.${game.status}`)),
      game.rated ? h('span', { class: 'badge rated' }, t('lobby.rated-badge')) : null,
      h('time', {}, when(game.created)),
      h('span', { class: 'row-actions' },
        open.map((seat) => h('button', {
          type: 'button', class: 'join', dataset: { seat: String(seat.seat) },
          'aria-label': t('lobby.join-label', { number: seat.seat + 1, game: game.id }),
          onclick: () => this.join(game.id, seat.seat),
        }, t('lobby.join', { number: seat.seat + 1 }))),
        h('a', { class: 'watch', href: `#/games/${game.id}` },
          game.status === 'finished' ? t('lobby.replay') : t('lobby.watch'))),
      players(game),
      winners(game));
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

// A checkbox and its words as one tap target: the label holds the box.
function check(input, text, hint = null) {
  const hintId = hint ? `${input.id}-hint` : null;
  if (hintId) input.setAttribute('aria-describedby', hintId);
  return h('div', { class: 'option check' }, h('label', { class: 'check-label', for: input.id }, input, text),
    hint ? h('small', { id: hintId, class: 'hint' }, hint) : null);
}

/** Who sits at a game, seat by seat, numbered from 1 as people count: "1 Ana", "2 Greedy Rex (bot)", "3 free";
 * the player's own seats (`mine`) marked, the winners starred. */
function players(game, mine = []) {
  const won = new Set(game.status === 'finished' ? game.result?.winners ?? [] : []);
  return h('ol', { class: 'players', 'aria-label': t('lobby.players') }, game.players.map((seat) => {
    const name = seat.name || (seat.kind === 'bot' ? botName(seat.bot) : null);
    const shown = seat.kind === 'bot' ? t('seat.bot', { name }) : name ?? t('lobby.free-seat');
    const marks = `${won.has(seat.seat) ? ' winner' : ''}${mine.includes(seat.seat) ? ' me' : ''}`;
    return h('li', {
      class: `player ${seatColour(seat.seat)}${marks}`,
      dataset: { seatNumber: String(seat.seat + 1) },
    },
    h('span', { class: 'seat-no', title: t('lobby.seat-number', { number: seat.seat + 1 }) },
      h('span', { class: 'sr-only' }, `${t('lobby.seat-number', { number: seat.seat + 1 })}: `),
      h('span', { 'aria-hidden': 'true' }, String(seat.seat + 1))),
    // A name is the player's own, in no language: translate="no" says so (to a translator, and to the tests).
    h('span', { class: 'player-name', translate: seat.name ? 'no' : null }, shown),
    won.has(seat.seat) ? h('span', { class: 'winner-mark' }, ' ★') : null);
  }));
}

/** A finished game's winners by name ("Won by Ana"), or how it ended without one. */
function winners(game) {
  if (game.status !== 'finished' || !game.result) return null;
  const result = game.result;
  if (result.abandoned) return h('p', { class: 'winners' }, t('lobby.abandoned'));
  const names = (result.winners ?? []).map((seat) => game.players[seat]?.name
    || t('lobby.seat-number', { number: seat + 1 }));
  if (result.pes?.won) names.push(t('result.pes'));
  return h('p', { class: 'winners' }, names.length
    ? t('lobby.won-by', { count: names.length, names: names.join(', ') }) : t('result.no-winner'));
}

// "as Ana" (a game's one seat of the player), "as Ana, Ana 2" at a hotseat: the names the seats play under.
function seatsText(seats, game) {
  const names = seats.map((seat) => game.players[seat]?.name || t('lobby.seat-number', { number: seat + 1 }));
  return t('lobby.playing-as', { names: names.join(', ') });
}

// A built-in bot by its level in the page's language, a registered one by its name.
function botName(bot) {
  return hasText(`bot.${bot}`) ? t(`bot.${bot}`) : bot;
}

function typedName() {
  return document.getElementById('player-name').value;
}
