// The client's only way to the server: JSON calls under /v1 (each asking for the page's language), the player kept
// in localStorage, and event streams opened with single-use tickets and resumed after the last event seen.

import { currentLanguage, t } from './i18n.js';

const PLAYER_KEY = 'dogpark.player';
const PROBLEM = 'application/problem+json';
/** Milliseconds before a dropped stream is opened again (the server's own `retry:` says 2000), unless a refusal's
 * Retry-After says otherwise. */
export const RECONNECT_MS = 2000;

/** An API refusal: the HTTP status, the problem document (RFC 9457) the server sent, and the seconds its
 * Retry-After asks to wait (null: none given). */
export class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

/** The seconds a response's Retry-After asks for (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(response) {
  const value = response.headers.get('Retry-After');
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** A refused response as an ApiError: its problem document (or its text), status and Retry-After. */
async function refusal(response) {
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : await response.text();
  const problem = typeof data === 'object' ? data : { title: response.statusText, detail: String(data) };
  return new ApiError(response.status, problem, retryAfterSeconds(response));
}

/** `query` with the page's language: every read renders its words in it. */
function inLanguage(query = {}) {
  return { ...query, lang: currentLanguage() };
}

/** The player kept by this browser ({id, name, token}), or null. */
export function storedPlayer() {
  try {
    return JSON.parse(localStorage.getItem(PLAYER_KEY));
  } catch {
    return null;
  }
}

function keepPlayer(player) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
  window.dispatchEvent(new CustomEvent('dogpark:player', { detail: player }));
}

/** Forget the stored player (its token no longer works, or the user wants another). */
function forgetPlayer() {
  localStorage.removeItem(PLAYER_KEY);
  window.dispatchEvent(new CustomEvent('dogpark:player', { detail: null }));
}

/** Call the API: JSON in and out; throws ApiError with the problem document on a refusal (status 0: no answer). */
export async function api(method, path, { body, token, query } = {}) {
  const headers = { Accept: `application/json, ${PROBLEM}`, 'Accept-Language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const asked = path.startsWith('/v1/') ? inLanguage(query) : query;
  const url = asked ? `${path}?${new URLSearchParams(asked)}` : path;
  let response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    const detail = t('error.no-answer-detail', { reason: error.message });
    throw new ApiError(0, { title: t('error.no-answer'), detail });
  }
  if (!response.ok) throw await refusal(response);
  const type = response.headers.get('Content-Type') || '';
  return type.includes('json') ? response.json() : response.text();
}

/** True when a call failed because the server could not serve it now (5xx) or did not answer: it may pass. */
export function isOutage(error) {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** The stored player, created on the server first (with `name`, else "Player" in the page's language) if this
 * browser has none. */
export async function ensurePlayer(name) {
  const known = storedPlayer();
  if (known) return known;
  const body = { name: (name || '').trim() || t('identity.placeholder') };
  const created = await api('POST', '/v1/players', { body });
  keepPlayer(created);
  return created;
}

/** Rename: the server has no rename, so a new name is a new player unless none is stored yet. */
export async function savePlayerName(name) {
  const known = storedPlayer();
  if (known && known.name === name.trim()) return known;
  if (known) forgetPlayer();
  return ensurePlayer(name);
}

/** Claim a seat of a game for this browser's player (made first, named `name`, if there is none), with an
 * invitation's code if one is given (a private table's seats are claimed only so). */
export async function claimSeat(gameId, seat, name, invitation = null) {
  const player = await ensurePlayer(name);
  return api('POST', `/v1/games/${encodeURIComponent(gameId)}/seats/${seat}`, {
    token: player.token, body: { name: player.name, ...(invitation ? { invitation } : {}) },
  });
}

/** The catalogue entry of every game type (cached for the page's life). */
export const gameTypes = once(() => api('GET', '/v1/game-types').then((body) => body.game_types));

const details = new Map();
/** One game type with its static content (cached: it never changes while a server runs). */
export function gameType(type) {
  if (!details.has(type)) details.set(type, api('GET', `/v1/game-types/${encodeURIComponent(type)}`));
  return details.get(type);
}

/** The optional modules this server has ({boards: [type...], audit: bool}), fetched once. */
export const installedModules = once(() => api('GET', '/app/modules.json'));

function once(make) {
  let value = null;
  return () => (value ??= make());
}

/** The player's games (GET /v1/players/me/games), [] without a player. */
export async function myGames(query = {}) {
  const player = storedPlayer();
  if (!player) return [];
  try {
    return (await api('GET', '/v1/players/me/games', { token: player.token, query })).games;
  } catch (error) {
    // A token this server does not know (its data was wiped): start afresh rather than fail every call.
    if (error instanceof ApiError && error.status === 401) forgetPlayer();
    throw error;
  }
}

/**
 * Follow a Server-Sent Events stream until closed. `path` is the stream's URL; `ticket()`, when given, returns
 * a fresh single-use ticket for each connection (a seat's or a player's stream); `after` is the version already
 * shown (a game's stream resumes after the last id received). Calls onEvent(event) per event, onTurn(turn) per
 * `turn` message, onChat(message) per `chat` message (sent once, never on resuming: the caller reads what it missed
 * with GET when it hears 'live' again), onState('live'|'reconnecting') as the connection goes, onEnd() once the server ends the stream
 * after SeedRevealed, onAhead() once instead of reconnecting when the log no longer reaches the last version seen
 * (the server's Redis lost events: the caller starts over from the game's view). Returns {close()}.
 */
export function followStream(path, {
  after = null, ticket = null, onEvent, onTurn, onChat, onEnd, onState, onAhead,
}) {
  let last = after;
  let stop = null;
  let timer = null;
  let closed = false;
  let over = false;

  function handle(message) {
    if (message.event === 'turn') return onTurn?.(JSON.parse(message.data));
    if (message.event === 'chat') return onChat?.(JSON.parse(message.data));
    const event = JSON.parse(message.data);
    if (message.id) last = Number(message.id);
    onEvent?.(event);
    if (event.type === 'SeedRevealed') over = true;
  }

  async function connect() {
    const query = inLanguage();
    if (last !== null) query.after = String(last);
    if (ticket) query.ticket = await ticket();
    if (closed) return;
    const controller = new AbortController();
    stop = () => controller.abort();
    const response = await fetch(`${path}?${new URLSearchParams(query)}`, {
      // The language twice: a stream that does not read `lang` yet still reads Accept-Language.
      headers: { Accept: 'text/event-stream', 'Accept-Language': currentLanguage() },
      signal: controller.signal,
    });
    if (!response.ok) throw await refusal(response);
    onState?.('live');
    await readMessages(response.body, handle);
  }

  function run() {
    connect().then(settle, settle);
  }

  function settle(error) {
    if (closed) return;
    if (onAhead && error instanceof ApiError && error.problem.type?.endsWith('/version-not-reached')) {
      closed = true;
      onAhead();
      return;
    }
    if (over) {
      closed = true;
      onEnd?.();
      return;
    }
    // Dropped (a restart, a network change): resume after the last event seen, with a new ticket; a refusal that
    // says when to come back (Retry-After: the server is busy) is tried again then, not sooner.
    onState?.('reconnecting');
    const wait = error instanceof ApiError && error.retryAfter !== null ? error.retryAfter * 1000 : RECONNECT_MS;
    timer = setTimeout(run, wait);
  }

  run();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      stop?.();
    },
  };
}

// An EventSource delivers a named message (`event: CardPlayed`) only to a listener for that very name, and the
// event types are the games' own, listed nowhere: so the client reads the stream's text itself.
async function readMessages(body, handle) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = parseMessage(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message.data !== undefined) handle(message);
    }
  }
}

function parseMessage(text) {
  const message = {};
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    message[field] = field === 'data' && message.data !== undefined ? `${message.data}\n${value}` : value;
  }
  return message;
}
