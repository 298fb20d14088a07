// The server's canonical JSON, spelt in the browser: events/envelope.py canonical_json is
// json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False), and every hash of the
// chain is computed over that text. JSON.parse cannot be used to get there: it forgets whether a number
// was an int or a float (Python writes 1.0, JavaScript 1) and JavaScript spells floats its own way
// (1e-7 against Python's 1e-07), so this module parses numbers into JsonNumber, which keeps the lexeme.

/** A JSON number as it was written: Python's int or float, spelt back the way Python spells it. */
export class JsonNumber {
  constructor(lexeme) {
    this.lexeme = lexeme;
    this.isFloat = /[.eE]/.test(lexeme);
    this.value = Number(lexeme);
  }

  valueOf() {
    return this.value;
  }
}

const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** Parse JSON text: objects without prototype (last duplicate key wins, as in Python), numbers as JsonNumber. */
export function parseJson(text) {
  let at = 0;
  const fail = (what) => {
    throw new SyntaxError(`not JSON: ${what} at character ${at}`);
  };
  const skip = () => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const literal = (word, value) => {
    if (text.startsWith(word, at)) {
      at += word.length;
      return value;
    }
    return fail('an unknown word');
  };
  const string = () => {
    at += 1; // the opening quote
    let out = '';
    for (;;) {
      const ch = text[at];
      if (ch === undefined) fail('an unterminated string');
      if (ch === '"') {
        at += 1;
        return out;
      }
      if (ch < ' ') fail('a control character in a string');
      if (ch !== '\\') {
        out += ch;
        at += 1;
        continue;
      }
      const code = text[at + 1];
      if (code === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('a bad \\u escape');
        // UTF-16 code units: a pair of escapes joins into one character, as in Python.
        out += String.fromCharCode(parseInt(hex, 16));
        at += 6;
      } else if (code in ESCAPES) {
        out += ESCAPES[code];
        at += 2;
      } else {
        fail('a bad escape');
      }
    }
  };
  const value = () => {
    skip();
    const ch = text[at];
    if (ch === '{') return object();
    if (ch === '[') return array();
    if (ch === '"') return string();
    if (ch === 't') return literal('true', true);
    if (ch === 'f') return literal('false', false);
    if (ch === 'n') return literal('null', null);
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) fail('an unexpected character');
    at = NUMBER.lastIndex;
    return new JsonNumber(match[0]);
  };
  const items = (close, item) => {
    at += 1; // the opening bracket
    skip();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      item();
      skip();
      if (text[at] === close) {
        at += 1;
        return;
      }
      if (text[at] !== ',') fail(`',' or '${close}' expected`);
      at += 1;
    }
  };
  const object = () => {
    const out = Object.create(null);
    items('}', () => {
      skip();
      if (text[at] !== '"') fail('a key expected');
      const key = string();
      skip();
      if (text[at] !== ':') fail("':' expected");
      at += 1;
      out[key] = value();
    });
    return out;
  };
  const array = () => {
    const out = [];
    items(']', () => out.push(value()));
    return out;
  };
  const result = value();
  skip();
  if (at !== text.length) fail('text after the document');
  return result;
}

/** Python's repr of a finite float: the shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function pythonFloat(x) {
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Number.isNaN(x)) return 'NaN';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // toExponential() without digits gives the shortest digits that read back as x, as Python's repr does.
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exp = Number(exponent);
  const point = exp + 1; // where the decimal point falls after the digits' first
  if (point <= -4 || point > 16) {
    const rest = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const expSign = exp < 0 ? '-' : '+';
    return `${sign}${digits[0]}${rest}e${expSign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function pythonNumber(number) {
  if (number.isFloat) return pythonFloat(number.value);
  return BigInt(number.lexeme).toString(); // ints are exact at any size; -0 is 0
}

const CONTROL = /["\\\u0000-\u001f]/g;
const NAMED = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A string as json.dumps(ensure_ascii=False) writes it: only quotes, backslashes and control characters escaped. */
export function pythonString(s) {
  const escaped = s.replace(CONTROL, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}

/** Compare two strings by code point, as Python sorts str (JavaScript's < compares UTF-16 units). */
export function byCodePoint(a, b) {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = left[i].codePointAt(0) - right[i].codePointAt(0);
    if (diff) return diff;
  }
  return left.length - right.length;
}

/** The canonical JSON of a parsed value, character for character what the server hashes. */
export function canonicalJson(value) {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (value instanceof JsonNumber) return pythonNumber(value);
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort(byCodePoint);
  return `{${keys.map((key) => `${pythonString(key)}:${canonicalJson(value[key])}`).join(',')}}`;
}

/** The SHA-256 of a string's UTF-8, in lowercase hex (Web Crypto: needs a secure context). */
export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
