// The client's own words in the reader's language: one catalogue per language (`/app/i18n/<lang>.json`), the
// language chosen in the header's menu and kept in localStorage, else the browser's, else English. The games'
// own words (events, prompts, labels, names) come from the server, asked for in the same language (`?lang=`).

/** The languages offered, each named in itself. */
export const LANGUAGES = { en: 'English', pt: 'Português', uk: 'Українська', it: 'Italiano' };
const LANGUAGE_KEY = 'dogpark.lang';

let language = 'en';
let words = {};
let plurals = new Intl.PluralRules('en');

/** The language the page speaks (a key of LANGUAGES). */
export function currentLanguage() {
  return language;
}

/** The stored choice, else the first of the browser's languages the client speaks, else English. */
function wantedLanguage() {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored in LANGUAGES) return stored;
  const preferred = (navigator.languages || [navigator.language || 'en']).map((tag) => tag.split('-')[0]);
  return preferred.find((code) => code in LANGUAGES) || 'en';
}

/** Load the catalogue of the wanted language; the page's words are then ready for `t()`. */
export async function loadLanguage() {
  language = wantedLanguage();
  const response = await fetch(`/app/i18n/${language}.json`);
  words = await response.json();
  plurals = new Intl.PluralRules(language);
  document.documentElement.lang = language;
}

/** Keep `code` as the page's language and load the page again in it (every read is asked for anew). */
export function chooseLanguage(code) {
  localStorage.setItem(LANGUAGE_KEY, code);
  location.reload();
}

/**
 * The text of `key` with `{name}` replaced by `args.name`. An entry may be an object of CLDR plural forms
 * (`one`, `few`, `many`, `other`), chosen by `args.count`.
 */
export function t(key, args = {}) {
  let text = words[key];
  if (text !== null && typeof text === 'object') text = text[plurals.select(args.count ?? 0)] ?? text.other;
  if (typeof text !== 'string') {
    console.warn(`no text for ${key} in ${language}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/** Whether the catalogue has `key` (for words that may or may not have an entry, such as a score's parts). */
export function hasText(key) {
  return key in words;
}

/** Put the catalogue's words into the page's own markup: `data-i18n` (text), `data-i18n-<attribute>`. */
export function translateMarkup(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-aria-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nAriaLabel));
  }
}
