import fc from 'fast-check';

/**
 * Hostile building blocks for the route fuzz: strings, JSON texts, bodies and a mutation that breaks one field of
 * an otherwise valid request. Every value is JSON (or raw bytes), so a failing case prints and replays.
 */

/** A header value Node will send: printable ASCII and Latin-1, no control characters. */
export const headerValue = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/** Strings of every kind: ASCII, any code point (lone surrogates included), whitespace only, empty. */
export const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '\u0000', '\ufeff', '\u202e', '__proto__', 'constructor', '../../etc/passwd', '<script>x</script>') },
);

/** A long string, built by repetition so a 400 KB value costs nothing to generate (and prints short as a seed replay). */
export const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', 'ab\u0000', '"\\', ' '), fc.integer({ min: 20_000, max: 400_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)));

/** JSON nested `depth` levels deep (objects or arrays), as text: a recursive parser or validator would overflow. */
export function nestedJson(depth: number, kind: 'array' | 'object' | 'mixed'): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    const array = kind === 'array' || (kind === 'mixed' && level % 2 === 0);
    open += array ? '[' : '{"a":';
    close = (array ? ']' : '}') + close;
  }
  return `${open}1${close}`;
}

export const deepJsonText = fc
  .tuple(fc.integer({ min: 40, max: 200_000 }), fc.constantFrom<'array' | 'object' | 'mixed'>('array', 'object', 'mixed'))
  .map(([depth, kind]) => nestedJson(depth, kind));

/**
 * A deep value inside an otherwise small body: the depth check must see past the first level. It stays a
 * placeholder until the body is encoded: the test's own JSON.stringify would overflow on a deep object.
 */
export const deepValue = fc.integer({ min: 60, max: 20_000 }).map((depth) => `$DEEP_${depth}$`);

/**
 * An array of up to 40,000 empty objects (past every count a route has) (issue 31: a validator listed every bad item, 43 MB for 349,000), as a
 * placeholder until the body is encoded, so generating it costs nothing.
 */
export const manyEmpty = fc.integer({ min: 1_000, max: 40_000 }).map((count) => `$MANY_${count}$`);

/** A value of some JSON type, to put where a field expects another. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 1e308, -0),
  fc.boolean(),
  anyString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(anyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  hugeString,
  deepValue,
  manyEmpty,
);

/** Marks a field to delete in `breakOneField`. */
export const REMOVE = '\u0000remove';

type JsonPath = Array<string | number>;

function allPaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...allPaths(child, [...prefix, key])]);
}

/** A copy of `value` with one field (chosen by `pick`, at any depth) replaced by `replacement`, or removed. */
export function breakOneField(value: unknown, pick: number, replacement: unknown): unknown {
  const copy = structuredClone(value);
  const paths = allPaths(copy);
  if (paths.length === 0) return replacement === REMOVE ? {} : replacement;
  const path = paths[pick % paths.length]!;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement !== REMOVE) parent[last] = replacement;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/** Valid requests of a schema, most sent as they are, many with one field broken (a wrong type, or missing). */
export function validOrBroken<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.oneof(fc.constant(REMOVE), wrongValue))
        .map(([value, pick, replacement]) => breakOneField(value, pick, replacement)),
    },
  );
}

/**
 * Answers to whatever calls the session waits on when the request is sent (a decision for each confirmation, a
 * result for each client call): what a well-behaved page sends, resolved at send time.
 */
export interface AnswerTemplate {
  action: 'approve' | 'edit' | 'deny';
  input?: unknown;
  reason?: string;
  output: unknown;
  isError?: boolean;
}

/** A body as bytes on the wire, JSON or not. */
export type WireBody = { json: unknown } | { text: string } | { bytes: number[] } | { answer: AnswerTemplate };

/** Bodies that are not the schema at all: any JSON, any value, deep, huge, not UTF-8, empty, prototype keys. */
export const garbageBody: fc.Arbitrary<WireBody> = fc.oneof(
  fc.json({ maxDepth: 4 }).map((text) => ({ text })),
  fc.anything({ maxDepth: 3, maxKeys: 4 }).map((value) => ({ text: JSON.stringify(value) ?? '' })),
  deepJsonText.map((text) => ({ text })),
  hugeString.map((text) => ({ json: { text } })),
  // A list of every route's, oversized, among otherwise fitting fields.
  fc
    .tuple(manyEmpty, fc.constantFrom('references', 'attachments', 'decisions', 'results', 'turns', 'pending', 'messages', 'tools', 'context', 'resume'))
    .map(([many, key]) => ({ json: { text: 'many', threadId: 'pool-0', runId: 'r', messages: [], turns: [], [key]: many } })),
  fc.uint8Array({ maxLength: 120 }).map((bytes) => ({ bytes: [...bytes] })),
  // Valid JSON around bytes that are not UTF-8 (a lone continuation byte, an overlong form, a UTF-16 surrogate).
  fc.constantFrom([0xff, 0xfe], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]).map((bad) => ({
    bytes: [...Buffer.from('{"text":"bad '), ...bad, ...Buffer.from('","decisions":[],"turns":[]}')],
  })),
  fc.constantFrom('', ' ', '\n\n', 'null', 'true', '0', '"text"', '[]', '{', '}', '{"text":', '\ufeff{"text":"bom"}', 'text=hello&x=1').map((text) => ({ text })),
  fc.constantFrom(
    '{"__proto__":{"polluted":1},"text":"proto"}',
    '{"constructor":{"prototype":{"polluted":1}},"text":"ctor"}',
    '{"text":"dup","text":"licate"}',
    '{"text":"x","context":{"__proto__":{"polluted":1}}}',
  ).map((text) => ({ text })),
);

export function encodeBody(body: Exclude<WireBody, { answer: AnswerTemplate }>, substitute: (text: string) => string = (text) => text): Uint8Array {
  if ('bytes' in body) return Uint8Array.from(body.bytes);
  const text = 'json' in body ? (JSON.stringify(body.json) ?? '') : body.text;
  const expanded = substitute(text)
    .replace(/"\$DEEP_(\d+)\$"/g, (_, depth: string) => nestedJson(Number(depth), 'mixed'))
    .replace(/"\$MANY_(\d+)\$"/g, (_, count: string) => `[${'{},'.repeat(Number(count) - 1)}{}]`);
  return new TextEncoder().encode(expanded);
}
