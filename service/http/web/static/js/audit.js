// The audit page: a finished game's log checked in the browser, as service/ops/verify.py begins its check: the
// hash chain (events/envelope.py verify_chain) and the revealed seed against its commitment
// (domain/table/creation.py seed_digest). Replaying the rules and the bots' moves is left to `dogpark verify`.

import { JsonNumber, canonicalJson, parseJson, sha256Hex } from './canonical.js';
import { currentLanguage, t } from './i18n.js';
import { h, fill } from './ui.js';

/** The previous hash of a game's first event (events/envelope.py GENESIS). */
const GENESIS = '0'.repeat(64);

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function eventName(envelope, version) {
  const type = isObject(envelope) && typeof envelope.type === 'string' ? ` (${envelope.type})` : '';
  return `${t('audit.version', { version })}${type}`;
}

/** Where the chain first fails, as verify_chain finds it: {version, reason}, or null if every hash holds. */
async function brokenLink(envelopes) {
  let previous = GENESIS;
  for (let i = 0; i < envelopes.length; i += 1) {
    const envelope = envelopes[i];
    const version = i + 1;
    const stated = isObject(envelope) ? envelope.version : undefined;
    if (!(stated instanceof JsonNumber) || stated.value !== version) {
      const what = stated instanceof JsonNumber ? t('audit.says-version', { version: stated.lexeme })
        : t('audit.no-version');
      return { version, reason: `${eventName(envelope, version)}: ${what}` };
    }
    const body = Object.assign(Object.create(null), envelope);
    delete body.hash;
    const hash = await sha256Hex(previous + canonicalJson(body));
    if (envelope.hash !== hash) {
      return { version, reason: `${eventName(envelope, version)}: ${t('audit.hash-mismatch')}` };
    }
    previous = hash;
  }
  return null;
}

/** Whether the revealed seed hashes to the commitment TableOpened made: true, false, or null without TableOpened. */
async function seedMatches(audit) {
  const first = audit.events[0];
  if (!isObject(first) || first.type !== 'TableOpened' || !isObject(first.data)) return null;
  return typeof audit.seed === 'string' && (await sha256Hex(audit.seed)) === first.data.seed_sha256;
}

/** Check an audit document's text: {ok, sentence, events}; the sentence says what holds and what breaks where. */
export async function checkAudit(text) {
  let audit;
  try {
    audit = parseJson(text);
  } catch (error) {
    return { ok: false, sentence: t('audit.not-a-document', { reason: error.message }), events: 0 };
  }
  if (!isObject(audit) || !Array.isArray(audit.events) || audit.events.length === 0) {
    return { ok: false, sentence: t('audit.no-events'), events: 0 };
  }
  const events = audit.events.length;
  const broken = await brokenLink(audit.events);
  const seed = await seedMatches(audit);
  const chain = broken ? t('audit.chain-breaks', { reason: broken.reason }) : t('audit.chain-holds', { count: events });
  const seedSentence = t({ true: 'audit.seed-matches', false: 'audit.seed-differs', null: 'audit.no-seed' }[seed]);
  return { ok: !broken && seed === true, sentence: `${chain} ${seedSentence}`, events };
}

async function showVerdict(verdict, what, text) {
  if (!globalThis.crypto?.subtle) {
    verdict.dataset.ok = 'false';
    verdict.textContent = t('audit.no-crypto');
    return;
  }
  verdict.removeAttribute('data-ok');
  verdict.textContent = t('audit.checking', { what });
  const result = await checkAudit(text);
  verdict.dataset.ok = String(result.ok);
  const said = result.ok ? `✔ ${t('audit.verified')}` : `✘ ${t('audit.not-verified')}`;
  verdict.textContent = `${said}: ${what}. ${result.sentence}`;
}

/** This page's stylesheet, linked once (the shell's page links the boards' sheets, not this one). */
function linkStylesheet() {
  const href = '/app/css/audit.css';
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(h('link', { rel: 'stylesheet', href }));
}

function commandLine(url) {
  const command = h('code', { id: 'audit-command' }, `dogpark verify ${url}`);
  const copy = h('button', { type: 'button', id: 'audit-copy' }, t('audit.copy'));
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(command.textContent);
      copy.textContent = t('audit.copied');
    } catch {
      // No clipboard here (an insecure context, or permission refused): select the text for a manual copy.
      getSelection().selectAllChildren(command);
    }
  });
  return h(
    'p',
    { class: 'audit-command' },
    t('audit.own-machine'),
    command,
    copy,
  );
}

function pasteForm(verdict) {
  const paste = h('textarea', { id: 'audit-paste', rows: '6', spellcheck: 'false' });
  const file = h('input', { type: 'file', id: 'audit-file', accept: 'application/json,.json' });
  const check = h('button', { type: 'button', id: 'audit-check' }, t('audit.check'));
  file.addEventListener('change', async () => {
    if (file.files[0]) paste.value = await file.files[0].text();
  });
  check.addEventListener('click', () => showVerdict(verdict, t('audit.the-document-below'), paste.value));
  return h(
    'section',
    { class: 'audit-paste' },
    h('h3', {}, t('audit.check-another')),
    h('label', { for: 'audit-paste' }, t('audit.paste')),
    paste,
    h('p', {}, file, ' ', check),
  );
}

/** Draw the audit page of a game into root and check its audit document in the browser. */
export async function showAudit(root, gameId) {
  const path = `/v1/games/${encodeURIComponent(gameId)}/audit`;
  const url = new URL(path, location.href).href;
  linkStylesheet();
  const verdict = h('p', { id: 'audit-verdict', role: 'status', 'aria-live': 'polite' }, t('audit.loading'));
  fill(
    root,
    h(
      'section',
      { class: 'audit' },
      h('h2', {}, t('audit.of-game', { game: gameId })),
      verdict,
      h(
        'p',
        {},
        h('a', { id: 'audit-document', href: path }, t('audit.document')),
        ` (${t('audit.document-holds')}) · `,
        h('a', { href: `#/games/${encodeURIComponent(gameId)}` }, t('audit.back-to-game')),
      ),
      commandLine(url),
      h(
        'p',
        { class: 'audit-scope' },
        t('audit.scope'),
      ),
      pasteForm(verdict),
    ),
  );
  // Asking a game in play for its audit is a 409, which the browser logs as an error: look at its status first.
  const lang = `lang=${currentLanguage()}`;
  const game = await fetch(`/v1/games/${encodeURIComponent(gameId)}?${lang}`);
  const status = game.ok ? (await game.json()).status : null;
  if (status === 'open' || status === 'running') {
    verdict.textContent = t(`audit.not-yet-${status}`);
    return;
  }
  const response = await fetch(`${path}?${lang}`);
  const text = await response.text();
  if (!response.ok) {
    const problem = response.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : {};
    verdict.textContent = t('audit.none', { reason: problem.detail ?? response.statusText });
    return;
  }
  await showVerdict(verdict, t('audit.from-server', { game: gameId }), text);
}
