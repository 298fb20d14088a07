// "Your turn" in the player's other games, in the header, from the player's own stream.

import { api, followStream, gameTypes, myGames, storedPlayer } from './api.js';
import { t } from './i18n.js';
import { h, fill, when } from './ui.js';

/** Milliseconds the marker waits after news for more of it before it reads the player's games again. */
const SETTLE_MS = 300;

/** Keep `el` showing links to the player's games that wait for the player, except the one on screen. */
export function followMyTurns(el) {
  let stream = null;
  let timer = null;
  const update = () => {
    clearTimeout(timer);
    timer = setTimeout(() => show(el).catch(() => {}), SETTLE_MS);
  };
  const start = () => {
    stream?.close();
    stream = null;
    const player = storedPlayer();
    if (player) {
      stream = followStream('/v1/players/me/stream', {
        ticket: async () => (await api('POST', '/v1/players/me/stream-tickets', { token: player.token })).ticket,
        onTurn: update,
        onEvent: update,
      });
    }
    update();
  };
  window.addEventListener('dogpark:player', start);
  window.addEventListener('hashchange', update);
  // Like the game's stream, the player's is closed when the page is left, and opened again if it comes back.
  window.addEventListener('pagehide', () => {
    stream?.close();
    stream = null;
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) start();
  });
  start();
}

async function show(el) {
  const here = location.hash.match(/^#\/games\/([^/?]+)/)?.[1];
  const waiting = (await myGames({ status: 'running' })).filter((game) => game.your_turn && game.id !== here);
  // A game is named as the lobby names it, by its game's name and when it was created, never by its id.
  const names = Object.fromEntries((waiting.length ? await gameTypes() : []).map((type) => [type.id, type.name]));
  el.hidden = !waiting.length;
  fill(el, waiting.length ? [h('span', {}, `▶ ${t('turns.your-turn-in')} `), waiting.slice(0, 3).map((game, i) => [
    i ? ', ' : '', h('a', { href: `#/games/${game.id}`, class: 'your-turn' },
      `${names[game.type] ?? game.type} (${when(game.created)})`),
  ]), waiting.length > 3 ? ` ${t('turns.more', { count: waiting.length - 3 })}` : ''] : []);
}
