// The audit page: a finished game's log checked in the browser, as service/ops/verify.py begins its check: the
// hash chain (events/envelope.py verify_chain) and the revealed seed against its commitment
// (domain/table/creation.py seed_digest). Replaying the rules and the bots' moves is left to `dogpark verify`.

import { JsonNumber, canonicalJson, parseJson, sha256Hex } from './canonical.js';
import { h, fill } from './ui.js';

/** The previous hash of a game's first event (events/envelope.py GENESIS). */
const GENESIS = '0'.repeat(64);

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function eventName(envelope, version) {
  const type = isObject(envelope) && typeof envelope.type === 'string' ? ` (${envelope.type})` : '';
  return `version ${version}${type}`;
}

/** Where the chain first fails, as verify_chain finds it: {version, reason}, or null if every hash holds. */
async function brokenLink(envelopes) {
  let previous = GENESIS;
  for (let i = 0; i < envelopes.length; i += 1) {
    const envelope = envelopes[i];
    const version = i + 1;
    const stated = isObject(envelope) ? envelope.version : undefined;
    if (!(stated instanceof JsonNumber) || stated.value !== version) {
      const what = stated instanceof JsonNumber ? `says it is version ${stated.lexeme}` : 'has no version';
      return { version, reason: `${eventName(envelope, version)}: the event there ${what}` };
    }
    const body = Object.assign(Object.create(null), envelope);
    delete body.hash;
    const hash = await sha256Hex(previous + canonicalJson(body));
    if (envelope.hash !== hash) {
      return { version, reason: `${eventName(envelope, version)}: its hash does not match its content` };
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
    return { ok: false, sentence: `This is not an audit document: ${error.message}.`, events: 0 };
  }
  if (!isObject(audit) || !Array.isArray(audit.events) || audit.events.length === 0) {
    return { ok: false, sentence: 'This is not an audit document: it has no events.', events: 0 };
  }
  const events = audit.events.length;
  const broken = await brokenLink(audit.events);
  const seed = await seedMatches(audit);
  const chain = broken
    ? `The hash chain breaks at ${broken.reason}, so the log was changed there or before it.`
    : `The hash chain holds over all ${events} events (versions 1 to ${events}).`;
  const seedSentence = {
    true: 'The revealed seed matches the commitment in TableOpened.',
    false: 'The revealed seed does NOT match the commitment in TableOpened.',
    null: 'The log does not open with TableOpened, so there is no seed commitment to check.',
  }[seed];
  return { ok: !broken && seed === true, sentence: `${chain} ${seedSentence}`, events };
}

async function showVerdict(verdict, what, text) {
  if (!globalThis.crypto?.subtle) {
    verdict.dataset.ok = 'false';
    verdict.textContent =
      'This page cannot compute hashes here: Web Crypto works only in a secure context (https, or ' +
      'http://127.0.0.1 and http://localhost). Use the dogpark verify command below instead.';
    return;
  }
  verdict.removeAttribute('data-ok');
  verdict.textContent = `Checking ${what}…`;
  const result = await checkAudit(text);
  verdict.dataset.ok = String(result.ok);
  verdict.textContent = `${result.ok ? '✔ Verified' : '✘ Not verified'}: ${what}. ${result.sentence}`;
}

/** This page's stylesheet, linked once (the shell's page links the boards' sheets, not this one). */
function linkStylesheet() {
  const href = '/app/css/audit.css';
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(h('link', { rel: 'stylesheet', href }));
}

function commandLine(url) {
  const command = h('code', { id: 'audit-command' }, `dogpark verify ${url}`);
  const copy = h('button', { type: 'button', id: 'audit-copy' }, 'Copy');
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(command.textContent);
      copy.textContent = 'Copied';
    } catch {
      // No clipboard here (an insecure context, or permission refused): select the text for a manual copy.
      getSelection().selectAllChildren(command);
    }
  });
  return h(
    'p',
    { class: 'audit-command' },
    'Check it all on your own machine, the rules and every bot move replayed too:',
    command,
    copy,
  );
}

function pasteForm(verdict) {
  const paste = h('textarea', { id: 'audit-paste', rows: '6', spellcheck: 'false' });
  const file = h('input', { type: 'file', id: 'audit-file', accept: 'application/json,.json' });
  const check = h('button', { type: 'button', id: 'audit-check' }, 'Check this document');
  file.addEventListener('change', async () => {
    if (file.files[0]) paste.value = await file.files[0].text();
  });
  check.addEventListener('click', () => showVerdict(verdict, 'the document checked below', paste.value));
  return h(
    'section',
    { class: 'audit-paste' },
    h('h3', {}, 'Check another audit document'),
    h('label', { for: 'audit-paste' }, 'Paste an audit document (JSON), or load a saved one:'),
    paste,
    h('p', {}, file, ' ', check),
  );
}

/** Draw the audit page of a game into root and check its audit document in the browser. */
export async function showAudit(root, gameId) {
  const path = `/v1/games/${encodeURIComponent(gameId)}/audit`;
  const url = new URL(path, location.href).href;
  linkStylesheet();
  const verdict = h('p', { id: 'audit-verdict', role: 'status', 'aria-live': 'polite' }, 'Loading the audit…');
  fill(
    root,
    h(
      'section',
      { class: 'audit' },
      h('h2', {}, `Audit of game ${gameId}`),
      verdict,
      h(
        'p',
        {},
        h('a', { id: 'audit-document', href: path }, 'The audit document'),
        ' (the full log with its hash chain, every command and the seed) · ',
        h('a', { href: `#/games/${encodeURIComponent(gameId)}` }, 'back to the game'),
      ),
      commandLine(url),
      h(
        'p',
        { class: 'audit-scope' },
        "This page recomputes every event's hash and the seed's commitment; dogpark verify also replays every " +
          'command through the rules.',
      ),
      pasteForm(verdict),
    ),
  );
  // Asking a game in play for its audit is a 409, which the browser logs as an error: look at its status first.
  const game = await fetch(`/v1/games/${encodeURIComponent(gameId)}`);
  const status = game.ok ? (await game.json()).status : null;
  if (status === 'open' || status === 'running') {
    verdict.textContent = `No audit yet: the game is ${status}; its audit opens when it is over.`;
    return;
  }
  const response = await fetch(path);
  const text = await response.text();
  if (!response.ok) {
    const problem = response.headers.get('Content-Type')?.includes('json') ? JSON.parse(text) : {};
    verdict.textContent = `No audit: ${problem.detail ?? response.statusText}.`;
    return;
  }
  await showVerdict(verdict, `the audit of game ${gameId} from this server`, text);
}
