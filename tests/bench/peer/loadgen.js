/**
 * The one load generator of the peer benchmark: N concurrent matches of the counter game against dogpark (keep-alive
 * HTTP) or boardgame.io (socket.io), each match one connection sending one move at a time.
 *
 *   node loadgen.js --system dogpark --url http://127.0.0.1:8000 --matches 8 --seconds 10 [--moves 1000] [--hold]
 *   node loadgen.js --system dogpark-streamed --url http://127.0.0.1:8000 --matches 8 --seconds 10
 *   node loadgen.js --system bgio --url http://127.0.0.1:8010 --matches 8 --seconds 10 [--warmup 2]
 *
 * dogpark: create a game, claim both seats, then alternate the seats' tokens posting moves with the
 * expected_version of the previous response (its view names the seat to act; no view GETs). dogpark-streamed: the
 * same game, but each seat's client learns its turn from its own event stream, as a real client does: it holds the
 * seat's stream open (GET .../events/stream with the seat's token, a connection of its own) and moves when a `turn`
 * message comes, with the version and the view the message carries; the move's answer is not read for the next
 * turn. The moves go on the match's one keep-alive connection, as above. boardgame.io: create a
 * match and join both seats through the lobby API, sync one socket.io connection into the match, then alternate
 * the seats' playerID and credentials in `update` messages with the stateID of the previous `update` (what
 * boardgame.io's own SocketIO transport sends). A finished game is replaced by a new one inside the run.
 *
 * Prints one JSON line {"phase": "started"} once every match is set up and --warmup seconds of moves are played
 * (the measured window opens), and one with the figures once the window closes and the moves in flight are
 * answered. With --hold it then keeps its connections open until its stdin closes, so that the caller can see which
 * server process holds each one.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');
const { Client, buildConnector } = require('undici');

/** Seconds a move may wait for its answer before the match counts an error and starts a new game. */
const MOVE_TIMEOUT = 10;

const { values: args } = parseArgs({
  options: {
    system: { type: 'string' },
    url: { type: 'string' },
    matches: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    moves: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '0' },
    hold: { type: 'boolean', default: false },
  },
});

/** What one run counts: moves answered inside the window, their latencies, errors by kind, requests per socket. */
class Tally {
  constructor() {
    this.moves = 0;
    this.latencies = [];
    this.errors = {};
    this.games = 0;
    this.perConnection = {};
    this.open = true;
  }

  /** A move answered: counted only while the window is open. */
  moved(started) {
    if (!this.open) return;
    this.moves += 1;
    this.latencies.push(performance.now() - started);
  }

  /** An error of the given kind. */
  failed(kind) {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }

  /** One request sent on the client socket with this local port (what tells the server processes' shares). */
  served(localPort) {
    if (this.open) this.perConnection[localPort] = (this.perConnection[localPort] ?? 0) + 1;
  }
}

/** An Error naming a failure kind for the tally. */
function failure(kind) {
  return Object.assign(new Error(kind), { kind });
}

/**
 * JSON over one keep-alive HTTP/1.1 connection, one request at a time: undici's Client (Node's own HTTP client
 * library, under its fetch), which costs the generator less than half of node:http's CPU per request, leaving
 * the machine's CPUs to the server measured (docs/peer.md).
 */
class HttpConnection {
  constructor(base, tally) {
    this.tally = tally;
    this.localPort = null;
    const connect = buildConnector({});
    this.client = new Client(base, {
      pipelining: 1,
      headersTimeout: MOVE_TIMEOUT * 1000,
      bodyTimeout: MOVE_TIMEOUT * 1000,
      // The connection's local port tells which server process holds it (tally.served).
      connect: (options, callback) => connect(options, (error, socket) => {
        this.localPort = socket?.localPort ?? null;
        callback(error, socket);
      }),
    });
  }

  /** POST a JSON body; resolves {status, body}. */
  async post(path, body, token) {
    const headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let answer;
    try {
      answer = await this.client.request({ path, method: 'POST', headers, body: JSON.stringify(body) });
    } catch (error) {
      throw failure(error.code === 'UND_ERR_HEADERS_TIMEOUT' || error.code === 'UND_ERR_BODY_TIMEOUT'
        ? 'timeout' : 'connection');
    }
    const text = await answer.body.text();
    this.tally.served(this.localPort);
    return { status: answer.statusCode, body: text ? JSON.parse(text) : null };
  }

  /** POST and insist on one status; the body. */
  async expect(status, path, body, token) {
    const answer = await this.post(path, body, token);
    if (answer.status !== status) throw failure(`${path.split('/').at(-1)} ${answer.status}`);
    return answer.body;
  }

  close() {
    this.client.destroy();
  }
}

/** One dogpark match after another on one connection. */
class DogparkMatch {
  constructor(base, moves, tally) {
    this.http = new HttpConnection(base, tally);
    this.moves = moves;
    this.tally = tally;
  }

  /** Create a game and claim both seats. */
  async open() {
    const seats = [{ human: true }, { human: true }];
    const game = await this.http.expect(201, '/v1/games', { type: 'counter', options: { moves: this.moves }, seats });
    this.path = `/v1/games/${game.id}/commands`;
    this.tokens = [];
    let view;
    for (const seat of [0, 1]) {
      const claim = await this.http.expect(201, `/v1/games/${game.id}/seats/${seat}`, {});
      this.tokens.push(claim.token);
      view = claim.game;
    }
    this.follow(view);
    this.tally.games += 1;
  }

  follow(view) {
    this.version = view.version;
    this.seat = view.to_act[0];
    this.made = view.state.made;
    this.finished = view.status === 'finished';
  }

  /** One move from the seat to act, with the version the last answer gave. */
  async move() {
    const command = { type: 'Increment', by: 1 + (this.made % 2) };
    const started = performance.now();
    const reply = await this.http.expect(
      200,
      this.path,
      { command, expected_version: this.version },
      this.tokens[this.seat],
    );
    this.tally.moved(started);
    this.follow(reply.game);
  }

  close() {
    this.http.close();
  }
}

/**
 * One seat's event stream, on a connection of its own: hands each `turn` message's data to ``turned``, and calls
 * ``ended`` when the stream ends (the game's end, or a failure).
 */
class SeatStream {
  constructor(base, path, token, turned, ended) {
    this.client = new Client(base, { pipelining: 1, headersTimeout: MOVE_TIMEOUT * 1000, bodyTimeout: 0 });
    this.read(path, token, turned).catch(() => {}).finally(ended);
  }

  async read(path, token, turned) {
    const headers = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    const answer = await this.client.request({ path, method: 'GET', headers });
    if (answer.statusCode !== 200) {
      await answer.body.text();
      throw failure(`stream ${answer.statusCode}`);
    }
    answer.body.setEncoding('utf8');
    let buffer = '';
    for await (const text of answer.body) {
      buffer += text;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (message.startsWith('event: turn\n')) turned(JSON.parse(message.slice(message.indexOf('data: ') + 6)));
      }
    }
  }

  close() {
    this.client.destroy();
  }
}

/** One dogpark match after another, each seat moving when its own event stream says it is its turn. */
class DogparkStreamedMatch extends DogparkMatch {
  constructor(base, moves, tally) {
    super(base, moves, tally);
    this.base = base;
    this.streams = [];
    this.turns = [];
    this.waiting = null;
    this.generation = 0;
  }

  /** Create a game, claim both seats, open each seat's stream from the version the claims reached. */
  async open() {
    this.closeStreams();
    await super.open();
    const stream = this.path.replace(/commands$/, `events/stream?after=${this.version}`);
    const { generation } = this;
    this.streams = [0, 1].map((seat) => new SeatStream(
      this.base,
      stream,
      this.tokens[seat],
      (turn) => this.turned(generation, seat, turn),
      () => this.turned(generation, null, null),
    ));
  }

  /** A seat's turn came in the game of ``generation`` (seat null: a stream ended). */
  turned(generation, seat, turn) {
    if (generation !== this.generation) return;
    this.turns.push({ seat, turn });
    if (this.waiting) {
      const { resolve, timer } = this.waiting;
      this.waiting = null;
      clearTimeout(timer);
      resolve();
    }
  }

  /** The next turn a stream brought: {seat, turn}. */
  async nextTurn() {
    while (!this.turns.length) {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiting = null;
          reject(failure('turn timeout'));
        }, MOVE_TIMEOUT * 1000);
        this.waiting = { resolve, timer };
      });
    }
    return this.turns.shift();
  }

  /** Wait for a seat's turn, then move for it with the version its turn names. */
  async move() {
    const { seat, turn } = await this.nextTurn();
    if (seat === null) throw failure('stream ended');
    // A turn the match has moved past (none is expected: one seat acts at a time).
    if (turn.version < this.version) return;
    const command = { type: 'Increment', by: 1 + (turn.view.state.made % 2) };
    const started = performance.now();
    const reply = await this.http.expect(200, this.path, { command, expected_version: turn.version }, this.tokens[seat]);
    this.tally.moved(started);
    this.version = reply.game.version;
    this.finished = reply.game.status === 'finished';
  }

  closeStreams() {
    // What the streams of the game before say from now on (their end, as they close) is not the next game's.
    this.generation += 1;
    for (const stream of this.streams) stream.close();
    this.streams = [];
    this.turns = [];
  }

  close() {
    this.closeStreams();
    super.close();
  }
}

/** One boardgame.io match after another on one socket.io connection (its lobby calls on keep-alive HTTP). */
class BgioMatch {
  constructor(base, moves, tally) {
    this.lobby = new HttpConnection(base, tally);
    this.moves = moves;
    this.tally = tally;
    this.waiting = null;
    this.socket = io(`${base}/counter`, { transports: ['websocket'], reconnection: false });
    this.socket.on('sync', (matchID, info) => this.answer(matchID, info.state));
    this.socket.on('update', (matchID, state) => this.answer(matchID, state));
    this.socket.on('connect_error', () => this.tally.failed('connect'));
  }

  answer(matchID, state) {
    if (this.waiting && matchID === this.matchID) {
      const { resolve, timer } = this.waiting;
      this.waiting = null;
      clearTimeout(timer);
      resolve(state);
    }
  }

  /** Emit a message and wait for the state it brings back (sync or update). */
  exchange(...message) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(failure('timeout'));
      }, MOVE_TIMEOUT * 1000);
      this.waiting = { resolve, timer };
      this.socket.emit(...message);
    });
  }

  /** Create a match, join both seats, sync the socket into it. */
  async open() {
    const created = await this.lobby.expect(200, '/games/counter/create', {
      numPlayers: 2,
      setupData: { moves: this.moves },
    });
    this.matchID = created.matchID;
    this.credentials = [];
    for (const playerID of ['0', '1']) {
      const joined = await this.lobby.expect(200, `/games/counter/${this.matchID}/join`, {
        playerID,
        playerName: `seat ${playerID}`,
      });
      this.credentials.push(joined.playerCredentials);
    }
    this.follow(await this.exchange('sync', this.matchID, '0', this.credentials[0], 2));
    this.tally.games += 1;
  }

  follow(state) {
    this.stateID = state._stateID;
    this.player = state.ctx.currentPlayer;
    this.made = state.G.made;
    this.finished = state.ctx.gameover !== undefined;
  }

  /** One move from the current player, with the stateID of the last update. */
  async move() {
    const payload = {
      type: 'increment',
      args: [1 + (this.made % 2)],
      playerID: this.player,
      credentials: this.credentials[Number(this.player)],
    };
    const started = performance.now();
    const state = await this.exchange('update', { type: 'MAKE_MOVE', payload }, this.stateID, this.matchID, this.player);
    this.tally.moved(started);
    this.follow(state);
  }

  close() {
    this.socket.close();
    this.lobby.close();
  }
}

const SYSTEMS = { dogpark: DogparkMatch, 'dogpark-streamed': DogparkStreamedMatch, bgio: BgioMatch };

/** Play moves until the window closes; a failed request counts an error and the match starts a new game. */
async function play(match, tally, until) {
  while (performance.now() < until) {
    try {
      if (match.finished) await match.open();
      else await match.move();
    } catch (error) {
      failed(match, tally, error);
    }
  }
}

/** Count a failure; the match starts a new game next. */
function failed(match, tally, error) {
  tally.failed(error.kind ?? 'exception');
  match.finished = true;
}

/** The p-th percentile of sorted numbers. */
function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
}

function stdinClosed() {
  return new Promise((resolve) => {
    process.stdin.on('end', resolve);
    process.stdin.resume();
  });
}

async function main() {
  const Match = SYSTEMS[args.system];
  if (!Match || !args.url) throw new Error('--system dogpark|bgio and --url are required');
  const tally = new Tally();
  const matches = Array.from({ length: Number(args.matches) }, () => new Match(args.url, Number(args.moves), tally));
  // A match whose first game could not be set up counts an error and tries again inside the window.
  await Promise.all(matches.map((match) => match.open().catch((error) => failed(match, tally, error))));
  // Moves before the window let both servers' code warm up (V8's JIT, a worker's caches); they are not counted.
  const warm = performance.now() + Number(args.warmup) * 1000;
  await Promise.all(matches.map((match) => play(match, tally, warm)));
  Object.assign(tally, { moves: 0, latencies: [], games: 0, perConnection: {} });
  process.stdout.write(`${JSON.stringify({ phase: 'started' })}\n`);
  const start = performance.now();
  const until = start + Number(args.seconds) * 1000;
  await Promise.all(matches.map((match) => play(match, tally, until)));
  tally.open = false;
  const seconds = (performance.now() - start) / 1000;
  const sorted = tally.latencies.sort((a, b) => a - b);
  const figures = {
    phase: 'done',
    system: args.system,
    matches: matches.length,
    seconds,
    moves: tally.moves,
    games_started: tally.games,
    errors: tally.errors,
    latency_ms: { p50: percentile(sorted, 50), p99: percentile(sorted, 99) },
    per_connection: tally.perConnection,
    client_cpu_s: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  if (args.hold) await stdinClosed();
  for (const match of matches) match.close();
}

await main();
