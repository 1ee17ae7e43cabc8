/** Nothing readable yet where a value should start (the text ends there, or in a half-written word or number). */
const NONE = Symbol('none');
type Parsed = unknown;

class NotJson extends Error {}

/**
 * The value that the start of a JSON text describes so far, for a tool input that is still streaming: a string is
 * cut where the text stops, unfinished objects and arrays are closed there, and what cannot be read yet (a key
 * without its value, a half-written `true` or number, a lone `-`) is left out. Undefined when there is nothing
 * readable yet, or when the text is not the start of a JSON value (pieces joined from the middle of a stream).
 */
export function parsePartialJson(text: string): unknown {
  const parser = new PartialParser(text);
  try {
    const value = parser.value();
    parser.space();
    if (!parser.atEnd) return undefined;
    return value === NONE ? undefined : value;
  } catch {
    // Not the start of JSON, or nested deeper than the stack goes (a RangeError): nothing readable, never a throw
    // inside the chip's render.
    return undefined;
  }
}

class PartialParser {
  #at = 0;
  /** Whether the last string read had its closing quote. */
  #closed = false;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  get atEnd(): boolean {
    return this.#at >= this.#text.length;
  }

  space(): void {
    while (!this.atEnd && ' \t\n\r'.includes(this.#text[this.#at]!)) this.#at++;
  }

  value(): Parsed | typeof NONE {
    this.space();
    if (this.atEnd) return NONE;
    const char = this.#text[this.#at]!;
    if (char === '{') return this.#object();
    if (char === '[') return this.#array();
    if (char === '"') return this.#string();
    if (char === '-' || (char >= '0' && char <= '9')) return this.#number();
    return this.#word();
  }

  #object(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.#at++;
    for (;;) {
      this.space();
      if (this.atEnd) return object;
      if (this.#text[this.#at] === '}') {
        this.#at++;
        return object;
      }
      if (this.#text[this.#at] !== '"') throw new NotJson();
      const key = this.#string();
      // A key cut off by the end of the text is not a key yet.
      if (!this.#closed) return object;
      this.space();
      if (this.atEnd) return object;
      if (this.#text[this.#at++] !== ':') throw new NotJson();
      const value = this.value();
      if (value === NONE) return object;
      // Defined, not assigned: a key "__proto__" is an own key, as JSON.parse makes it, not the object's prototype.
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      if (this.#endOf('}')) return object;
    }
  }

  #array(): unknown[] {
    const array: unknown[] = [];
    this.#at++;
    this.space();
    if (this.#text[this.#at] === ']') {
      this.#at++;
      return array;
    }
    for (;;) {
      const value = this.value();
      if (value === NONE) return array;
      array.push(value);
      if (this.#endOf(']')) return array;
    }
  }

  /** After a member: true at the closing bracket (consumed) or the end of the text; past a comma, false. */
  #endOf(close: string): boolean {
    this.space();
    if (this.atEnd) return true;
    const char = this.#text[this.#at++];
    if (char === close) return true;
    if (char !== ',') throw new NotJson();
    return false;
  }

  /** A string up to its closing quote, or up to the end of the text (an escape cut in half is left out). */
  #string(): string {
    let out = '';
    this.#at++;
    this.#closed = false;
    while (!this.atEnd) {
      const char = this.#text[this.#at]!;
      if (char === '"') {
        this.#at++;
        this.#closed = true;
        return out;
      }
      if (char !== '\\') {
        out += char;
        this.#at++;
        continue;
      }
      const code = this.#text[this.#at + 1];
      if (code === undefined) {
        this.#at = this.#text.length;
        return out;
      }
      if (code === 'u') {
        const hex = this.#text.slice(this.#at + 2, this.#at + 6);
        if (hex.length < 4) {
          this.#at = this.#text.length;
          return out;
        }
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new NotJson();
        out += String.fromCharCode(parseInt(hex, 16));
        this.#at += 6;
        continue;
      }
      const escaped = ESCAPES[code];
      if (escaped === undefined) throw new NotJson();
      out += escaped;
      this.#at += 2;
    }
    return out;
  }

  /** A number as far as it goes; one that cannot be read yet (`-`, `1.`, `2e`) is nothing yet, at the end of the text. */
  #number(): number | typeof NONE {
    const match = /^-?\d*(?:\.\d*)?(?:[eE][+-]?\d*)?/.exec(this.#text.slice(this.#at))![0];
    this.#at += match.length;
    if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(match)) return Number(match);
    if (this.atEnd) return NONE;
    throw new NotJson();
  }

  /** `true`, `false` or `null`; a word cut off by the end of the text is nothing yet. */
  #word(): boolean | null | typeof NONE {
    for (const [word, value] of WORDS) {
      const rest = this.#text.slice(this.#at, this.#at + word.length);
      if (rest === word) {
        this.#at += word.length;
        return value;
      }
      if (this.#at + rest.length === this.#text.length && word.startsWith(rest)) {
        this.#at = this.#text.length;
        return NONE;
      }
    }
    throw new NotJson();
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const WORDS: readonly [string, boolean | null][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
