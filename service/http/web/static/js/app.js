// The page's router: #/ the lobby, #/games/<id>[?seat=n] a game (?invitation=<code>: an invitation's link, whose
// code the page's "take seat" buttons claim with), #/games/<id>/audit its audit.

import { installedModules, storedPlayer, savePlayerName } from './api.js';
import { LANGUAGES, chooseLanguage, currentLanguage, loadLanguage, t, translateMarkup } from './i18n.js';
import { showLobby } from './lobby.js';
import { showGame } from './game.js';
import { followMyTurns } from './turns.js';
import { setUpNotifyMe } from './notify.js';
import { h, fill, icon, notify } from './ui.js';

const root = document.getElementById('root');
// The turn notice of the player's other games: in the header, or in a game's status bar while a game is shown.
const otherTurns = document.getElementById('other-turns');
let leave = null;
let visits = 0;

function parse(hash) {
  const [path, query = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  return { parts, params: new URLSearchParams(query) };
}

async function route() {
  const visit = ++visits;
  leave?.();
  leave = null;
  notify('');
  // Back in the header before the next page is drawn (a game's page takes it into its status bar): the page left
  // may not have finished loading, and so not have been stopped yet.
  document.querySelector('header.top').append(otherTurns);
  const cleanup = await show(parse(location.hash));
  // The user may have gone elsewhere while this page was loading: then it stops at once.
  if (visit === visits) leave = cleanup;
  else cleanup?.();
}

function show({ parts, params }) {
  if (parts[0] === 'games' && parts[1] && parts[2] === 'audit') return showAuditPage(parts[1]);
  if (parts[0] === 'games' && parts[1]) {
    return showGame(root, parts[1], {
      seat: params.has('seat') ? Number(params.get('seat')) : null,
      // An invitation link (POST /v1/games/{id}/invitations answers it): its code claims the invited seat.
      invitation: params.get('invitation'),
    });
  }
  return showLobby(root);
}

async function showAuditPage(gameId) {
  document.title = `${t('audit.title')} · ${gameId} · dogpark`;
  if (!(await installedModules()).audit) {
    fill(root, h('section', { class: 'panel' }, h('h1', {}, t('audit.title')),
      h('p', {}, t('audit.not-installed')),
      h('p', {}, h('a', { href: `/v1/games/${gameId}/audit` }, t('audit.document')), ' ', t('audit.checked-with'),
        ' ', h('code', {}, `dogpark verify ${location.origin}/v1/games/${gameId}/audit`))));
    return null;
  }
  const audit = await import('./audit.js');
  return audit.showAudit(root, gameId);
}

function setUpIdentity() {
  const form = document.getElementById('player-form');
  const input = document.getElementById('player-name');
  input.value = storedPlayer()?.name || '';
  window.addEventListener('dogpark:player', (e) => {
    if (document.activeElement !== input) input.value = e.detail?.name || '';
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const player = await savePlayerName(input.value);
      notify(t('identity.saved', { name: player.name }));
    } catch (error) {
      notify(t('identity.not-saved', { reason: error.message }), 'error');
    }
  });
}

// The header's language menu: a choice is kept and the page loaded again in it.
function setUpLanguages() {
  const menu = document.getElementById('language');
  fill(menu, Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code }, name)));
  menu.value = currentLanguage();
  menu.addEventListener('change', () => chooseLanguage(menu.value));
}

// A phone's header holds the brand, the lobby and the turn notice; the name, the language and the notifications wait
// behind its menu button (css/app.css shows them in the header on a wider screen).
function setUpMenu() {
  const button = document.getElementById('menu-toggle');
  const header = document.querySelector('header.top');
  button.append(icon('menu'));
  const show = (open) => {
    header.classList.toggle('menu-open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => show(!header.classList.contains('menu-open')));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && header.classList.contains('menu-open')) show(false);
  });
  window.addEventListener('hashchange', () => show(false));
}

async function start() {
  await loadLanguage();
  translateMarkup();
  setUpMenu();
  setUpLanguages();
  setUpIdentity();
  followMyTurns(document.getElementById('other-turns'));
  setUpNotifyMe(document.getElementById('notify-me')).catch(showFailure);
  window.addEventListener('hashchange', () => route().catch(showFailure));
  // A page left for another keeps no stream open (the browser may keep it, frozen, to come back to): a
  // browser holds six connections to a server at most, and every open stream holds one.
  window.addEventListener('pagehide', () => {
    leave?.();
    leave = null;
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) route().catch(showFailure);
  });
  route().catch(showFailure);
}

function showFailure(error) {
  notify(error.message || String(error), 'error');
}

start().catch(showFailure);
