import { METHODS } from 'node:http';
import fc from 'fast-check';
import type { Framing } from './raw-http.js';
import { agUiInput } from './ag-ui-input.js';
import { anyString, garbageBody, headerValue, hugeString, validOrBroken, type AnswerTemplate, type WireBody } from './hostile-values.js';
import { uploadBody, uploadType } from './multipart.js';

/**
 * Generated requests for every route of the agent's API, each a plain JSON-able description so a failure prints
 * whole. Placeholders are resolved when the request is sent: `$SAME` (the server's own origin), `$PENDING_n$`
 * (the id of the nth call the session is waiting on, as last seen), `$WAITING_n$` and `$UNDOABLE_n$` (a pool
 * session in that state), `$TURN_n$` / `$USER_n$` / `$BRANCH_n$` (a turn id, a user turn id, a branch point's turn
 * id of the session, as last seen), `$UPLOAD_n$` (one of the owner's uploads), `$CURSOR$` (a list page's
 * nextCursor, as last seen), `$THREAD$` (the AG-UI thread: the session aimed at).
 */

export const ROUTES = [
  'history', 'import', 'clear', 'message', 'resume', 'cancel', 'undo', 'tools', 'unknown', 'odd-method',
  'list', 'rename', 'retry', 'branch', 'feedback', 'edit', 'upload-limits', 'upload', 'upload-get', 'ag-ui',
] as const;
export type Route = (typeof ROUTES)[number];

/** Two servers: one with a fixed `authorize`, one with the default anonymous cookie. */
export type Target = 'fixed' | 'anonymous';
/**
 * Who calls. Fixed server: `owner` (the pool's principal), `other` (another principal), `nobody` (authorize says
 * null). Anonymous server: `owner` (the pool's cookie), `fresh` (no cookie), `forged` (a cookie not signed by the
 * server), `garbage` (any Cookie header).
 */
export type Caller = 'owner' | 'other' | 'nobody' | 'fresh' | 'forged' | 'garbage';

export interface FuzzRequest {
  route: Route;
  target: Target;
  caller: Caller;
  cookie?: string;
  method: string;
  path: string;
  /** The session id as meant, before encoding; set for ids of the pool, whose waiting calls are tracked. */
  sessionId?: string;
  headers: Record<string, string>;
  body?: WireBody;
  framing: Framing;
}

/** Sessions the owner keeps using, so runs, pending calls, undo and imports meet real state. */
export const POOL_SIZE = 6;
export const poolId = (index: number) => `pool-${index}`;

/** The script's keywords: `add` (a write tool that needs confirmation), `look` (a read tool), `pick` (a client tool). */
const KEYWORD_TEXTS = ['add a fact', 'look it up', 'pick a color', 'hello there', 'Add this, and look', 'ADD', 'pick', 'look'];

// ---- session ids, as path segments ----

/** Percent-encode every byte but the unreserved ones, as a browser would; lone surrogates become U+FFFD. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

interface SessionSegment {
  segment: string;
  sessionId?: string;
}

const sessionSegment = (poolWeight: number): fc.Arbitrary<SessionSegment> => fc.oneof(
  { weight: poolWeight, arbitrary: fc.integer({ min: 0, max: POOL_SIZE - 1 }).map((index) => ({ segment: poolId(index), sessionId: poolId(index) })) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/).map((id) => ({ segment: percentEncode(id) })) },
  { weight: 1, arbitrary: anyString.map((id) => ({ segment: percentEncode(id) })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('a/b', '.', '..', '...', '%2e%2e', 'a%2Fb', '%ZZ', '%E0%A4', '%00', '%', 'a%20b', '%C0%AF', 'a;b', 'a?b=c', 'a#b', '~x', '', '%F0%9F%98%80', 'pool-0%00', 'POOL-0', 'pool-0.')
      .map((segment) => ({ segment })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 199, max: 6_000 }).map((length) => ({ segment: 'a'.repeat(length) })) },
);

// ---- bodies ----

const item = fc.record(
  { id: fc.string({ minLength: 1, maxLength: 12 }), type: anyString, title: anyString, text: anyString, data: fc.jsonValue({ maxDepth: 2 }) },
  { requiredKeys: ['id'] },
);
const attachment = fc.record(
  { id: fc.string({ minLength: 1, maxLength: 12 }), title: anyString, mimeType: anyString, url: anyString, text: anyString },
  { requiredKeys: ['id'] },
);
/** An upload id: the owner's own mostly (resolved at send time), else one that is no upload, or not the caller's. */
const uploadRef = fc.oneof(
  { weight: 5, arbitrary: fc.nat({ max: 20 }).map((index) => `$UPLOAD_${index}$`) },
  { weight: 1, arbitrary: fc.constant(`up_${'0'.repeat(32)}`) },
  { weight: 1, arbitrary: anyString },
);
const uploadAttachment = fc.record({ uploadId: uploadRef, id: fc.string({ maxLength: 8 }), name: anyString }, { requiredKeys: ['uploadId'] });

/** A turn id of the session as last seen (any, a user turn, a branch point), or one it does not hold. */
const turnRef = fc.oneof(
  { weight: 3, arbitrary: fc.nat({ max: 60 }).map((index) => `$TURN_${index}$`) },
  { weight: 3, arbitrary: fc.nat({ max: 60 }).map((index) => `$USER_${index}$`) },
  { weight: 2, arbitrary: fc.nat({ max: 10 }).map((index) => `$BRANCH_${index}$`) },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constant('t'.repeat(201)) },
);

/** A user turn (what an edit names), and a branch point's first turn (what a switch names), as last seen. */
const userRef = fc.oneof({ weight: 5, arbitrary: fc.nat({ max: 60 }).map((index) => `$USER_${index}$`) }, { weight: 1, arbitrary: turnRef });
const branchRef = fc.nat({ max: 10 }).map((index) => `$BRANCH_${index}$`);

const context = fc.record({ items: fc.array(item, { maxLength: 4 }), page: anyString, selection: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] });

const messageText = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...KEYWORD_TEXTS) },
  { weight: 3, arbitrary: anyString },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('add ', 'look ', 'pick ', '/'), anyString).map(([word, rest]) => word + rest) },
);

const message = fc.record(
  { text: messageText, context, references: fc.array(item, { maxLength: 3 }), attachments: fc.array(fc.oneof(attachment, uploadAttachment), { maxLength: 2 }), trigger: anyString },
  { requiredKeys: ['text'] },
);

/** An edit: a message that takes the place of a user turn (`editOf`), with uploads sometimes. */
const edit = fc.oneof(
  { weight: 6, arbitrary: fc.record({ text: messageText, editOf: userRef, attachments: fc.array(uploadAttachment, { maxLength: 4 }), context }, { requiredKeys: ['text', 'editOf'] }) },
  // Both an edit and a retry: refused.
  { weight: 1, arbitrary: fc.record({ text: messageText, editOf: turnRef, retryOf: turnRef }) },
);

const rename = fc.record({ title: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('Renamed', 'Shopping list', '  padded  ') }, { weight: 2, arbitrary: anyString }, { weight: 1, arbitrary: fc.constant('T'.repeat(201)) }) });
const branch = fc.record({ turnId: fc.oneof({ weight: 3, arbitrary: branchRef }, { weight: 1, arbitrary: turnRef }), index: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 1 }) }, { weight: 2, arbitrary: fc.integer({ min: 2, max: 3 }) }, { weight: 1, arbitrary: fc.constantFrom(-1, 1000, 1001, 1.5, 2 ** 53) }) });
const feedback = fc.record(
  {
    turnId: turnRef,
    rating: fc.oneof({ weight: 10, arbitrary: fc.constantFrom('up', 'down') }, { weight: 1, arbitrary: anyString }),
    comment: fc.oneof({ weight: 6, arbitrary: anyString }, { weight: 1, arbitrary: fc.constant('c'.repeat(4001)) }),
  },
  { requiredKeys: ['turnId', 'rating'] },
);
const retry = fc.record({ context }, { requiredKeys: [] });

/** The list's query: none, a limit, a cursor as last seen, or hostile. */
const listQuery = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }).map((limit) => `?limit=${limit}&cursor=$CURSOR$`) },
  { weight: 2, arbitrary: fc.constantFrom('?limit=1', '?limit=100', '?limit=0', '?limit=101', '?limit=-1', '?limit=1e2', '?limit=9999', '?limit=', '?limit=1&limit=2', '?cursor=', '?cursor=%ZZ', '?cursor=abc', '?cursor=' + 'c'.repeat(5000)) },
  { weight: 1, arbitrary: anyString.map((text) => `?cursor=${percentEncode(text)}&limit=${percentEncode(text)}`) },
);

/** Messages at and past each of the server's limits. */
const messageAtLimits: fc.Arbitrary<WireBody> = fc.oneof(
  fc.integer({ min: 45, max: 60 }).map((count) => ({ json: { text: 'many references', references: Array.from({ length: count }, (_, i) => ({ id: `r${i}` })) } })),
  fc.integer({ min: 15, max: 25 }).map((count) => ({ json: { text: 'many attachments', attachments: Array.from({ length: count }, (_, i) => ({ id: `a${i}` })) } })),
  fc.integer({ min: 99_990, max: 100_010 }).map((length) => ({ json: { text: 'y'.repeat(length) } })),
  fc.integer({ min: 200_000, max: 300_000 }).map((length) => ({ json: { text: 'big context', context: { blob: 'z'.repeat(length) } } })),
  hugeString.map((text) => ({ json: { text: 'huge', context: { items: [{ id: 'big', text }] } } })),
);

const pendingRef = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 1 }).map((index) => `$PENDING_${index}$`) },
  { weight: 1, arbitrary: anyString },
);
const decision = fc.record(
  {
    toolCallId: pendingRef,
    action: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('approve', 'edit', 'deny') }, { weight: 1, arbitrary: anyString }),
    input: fc.oneof(fc.record({ text: anyString }), fc.jsonValue({ maxDepth: 2 })),
    reason: anyString,
  },
  { requiredKeys: ['toolCallId', 'action'] },
);
const clientResult = fc.record(
  { toolCallId: pendingRef, output: fc.jsonValue({ maxDepth: 3 }), isError: fc.boolean(), input: fc.jsonValue({ maxDepth: 2 }) },
  { requiredKeys: ['toolCallId', 'output'] },
);
const answerAll: fc.Arbitrary<WireBody> = fc
  .record(
    {
      action: fc.constantFrom<AnswerTemplate['action']>('approve', 'approve', 'edit', 'deny'),
      input: fc.oneof(fc.record({ text: fc.string({ minLength: 1, maxLength: 30 }) }), fc.jsonValue({ maxDepth: 2 })),
      reason: anyString,
      output: fc.jsonValue({ maxDepth: 2 }),
      isError: fc.boolean(),
    },
    { requiredKeys: ['action', 'output'] },
  )
  .map((answer) => ({ answer }));

const resume = fc.record(
  { decisions: fc.array(decision, { maxLength: 2 }), results: fc.array(clientResult, { maxLength: 2 }), context },
  { requiredKeys: [] },
);

const TOOL_KINDS: Record<string, 'read' | 'write' | 'client'> = { lookup: 'read', add_item: 'write', pick_color: 'client', not_a_tool: 'read' };

const exchange = fc.record({
  user: fc.record({ text: anyString, references: fc.array(item, { maxLength: 1 }), command: anyString, trigger: anyString }, { requiredKeys: ['text'] }),
  thinking: fc.option(fc.record({ text: anyString, signature: anyString, redacted: anyString }, { requiredKeys: ['text'] }), { nil: undefined }),
  calls: fc.array(
    fc.record({
      name: fc.constantFrom('lookup', 'add_item', 'pick_color', 'not_a_tool'),
      input: fc.jsonValue({ maxDepth: 2 }),
      output: fc.jsonValue({ maxDepth: 2 }),
      isError: fc.boolean(),
      answered: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
    { maxLength: 2 },
  ),
  reply: fc.option(anyString, { nil: undefined }),
  notice: fc.option(
    fc.oneof(
      fc.record({ type: fc.constant('status'), text: anyString, code: anyString }, { requiredKeys: ['type', 'text'] }),
      fc.record({ type: fc.constant('error'), message: anyString, code: anyString }, { requiredKeys: ['type', 'message'] }),
    ),
    { nil: undefined },
  ),
});

type Exchange = typeof exchange extends fc.Arbitrary<infer T> ? T : never;

/** A history in the protocol's shape: mostly importable, some not (an unanswered call before the last exchange, empty texts). */
function history(exchanges: readonly Exchange[]) {
  const turns: Record<string, unknown>[] = [];
  const pending: Record<string, unknown>[] = [];
  const add = (fields: Record<string, unknown>) => turns.push({ id: `imp-${turns.length}`, createdAt: 1_700_000_000_000 + turns.length, ...fields });
  exchanges.forEach((step, index) => {
    add({ type: 'user', ...step.user });
    if (step.thinking) add({ type: 'thinking', ...step.thinking });
    for (const call of step.calls) {
      const toolCallId = `toolu_imp_${turns.length}`;
      const kind = TOOL_KINDS[call.name]!;
      add({ type: 'tool_call', toolCallId, name: call.name, input: call.input, kind, label: call.name });
      if (call.answered) add({ type: 'tool_result', toolCallId, name: call.name, output: call.output, isError: call.isError });
      else if (index === exchanges.length - 1) {
        pending.push({ toolCallId, name: call.name, kind, input: call.input, label: call.name, reason: kind === 'client' ? 'client' : 'confirm' });
      }
    }
    if (step.reply !== undefined) add({ type: 'assistant_text', text: step.reply });
    if (step.notice) add(step.notice);
  });
  return pending.length ? { turns, pending } : { turns };
}

const importBody = fc.array(exchange, { maxLength: 5 }).map(history);

/** Histories past the session caps: too many turns, too many bytes. */
const importAtLimits: fc.Arbitrary<WireBody> = fc.oneof(
  fc.integer({ min: 100, max: 400 }).map((count) => ({
    json: { turns: Array.from({ length: count }, (_, i) => ({ id: `u${i}`, createdAt: i, type: 'user', text: `message ${i}` })) },
  })),
  hugeString.map((text) => ({ json: { turns: [{ id: 'u0', createdAt: 0, type: 'user', text }] } })),
  fc.constant({ json: { turns: Array.from({ length: 10_001 }, (_, i) => ({ id: `${i}`, createdAt: 0, type: 'status', text: '' })) } }),
);

const writeBody = (schemaBody: fc.Arbitrary<unknown>, atLimits?: fc.Arbitrary<WireBody>): fc.Arbitrary<WireBody> =>
  fc.oneof(
    { weight: 8, arbitrary: validOrBroken(schemaBody).map((json) => ({ json })) },
    { weight: 2, arbitrary: garbageBody },
    ...(atLimits ? [{ weight: 1, arbitrary: atLimits }] : []),
  );

/** Routes that take no body: usually `{}` (as the element sends), sometimes nothing, sometimes garbage. */
const emptyishBody: fc.Arbitrary<WireBody | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ json: {} }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: garbageBody },
);

const noBody: fc.Arbitrary<WireBody | undefined> = fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: garbageBody });

// ---- headers and callers ----

const contentType = fc.oneof(
  { weight: 22, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;charset=latin1', ' application/json ', 'application/json, text/plain'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/ld+json', 'text/json', '*/*', ''),
  },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const origin = fc.oneof(
  { weight: 22, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constant('$SAME') },
  { weight: 1, arbitrary: fc.constantFrom('null', 'https://evil.example', 'http://127.0.0.1', 'http://localhost', 'file://', '*', '', 'http://127.0.0.1:1') },
  { weight: 1, arbitrary: headerValue },
);

const extraHeaders = fc.record(
  {
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none', 'SAME-ORIGIN'),
    'x-forwarded-host': fc.oneof(fc.constant('evil.example'), headerValue),
    accept: fc.constantFrom('text/event-stream', 'application/json', '*/*', 'text/html', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'gzip;q=0, *;q=0'),
    authorization: headerValue,
    'last-event-id': fc.oneof(fc.nat().map(String), headerValue),
    'x-random': headerValue,
  },
  { requiredKeys: [] },
);

const FIXED_CALLERS = fc.oneof({ weight: 16, arbitrary: fc.constant<Caller>('owner') }, { weight: 2, arbitrary: fc.constant<Caller>('other') }, { weight: 1, arbitrary: fc.constant<Caller>('nobody') });
const ANONYMOUS_CALLERS = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Caller>('owner') },
  { weight: 2, arbitrary: fc.constant<Caller>('fresh') },
  { weight: 1, arbitrary: fc.constant<Caller>('forged') },
  { weight: 1, arbitrary: fc.constant<Caller>('garbage') },
);

interface CallerOn {
  target: Target;
  caller: Caller;
  /** The Cookie header of a `garbage` caller. */
  cookie: string;
}

const callerOn: fc.Arbitrary<CallerOn> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ target: fc.constant<Target>('fixed'), caller: FIXED_CALLERS, cookie: fc.constant('') }) },
  { weight: 1, arbitrary: fc.record({ target: fc.constant<Target>('anonymous'), caller: ANONYMOUS_CALLERS, cookie: headerValue }) },
);

const framing = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Framing>('length') },
  { weight: 3, arbitrary: fc.constant<Framing>('chunked') },
  { weight: 1, arbitrary: fc.constant<Framing>('lying-length') },
);

const ODD_METHODS = METHODS.filter((method) => !['CONNECT', 'PRI'].includes(method));

interface Shape {
  method: fc.Arbitrary<string>;
  path: fc.Arbitrary<{ path: string; sessionId?: string }>;
  body: fc.Arbitrary<WireBody | undefined>;
  /** Whether the request normally says it is JSON. */
  json: boolean;
  /** Its Content-Type, when not JSON's. */
  type?: fc.Arbitrary<string | undefined>;
}

/** An upload's path: one of the owner's (as last seen), or an id that is none or not the caller's. */
const uploadPath = fc
  .oneof(
    { weight: 6, arbitrary: fc.nat({ max: 20 }).map((index) => `$UPLOAD_${index}$`) },
    { weight: 1, arbitrary: fc.constant(`up_${'0'.repeat(32)}`) },
    { weight: 1, arbitrary: anyString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('..', '%2e%2e', 'a%2Fb', '%ZZ', '%00', 'u'.repeat(201)) },
  )
  .map((id) => ({ path: `/uploads/${id}` }));

/**
 * A pool session in a given state when the request is sent (`$WAITING_n$`: one with calls waiting; `$UNDOABLE_n$`:
 * one whose last turn can be undone), so resume and undo meet sessions they can act on, not only refusals.
 */
const sessionIn = (state: 'WAITING' | 'UNDOABLE'): fc.Arbitrary<SessionSegment> =>
  fc.nat({ max: 99 }).map((index) => ({ segment: `$${state}_${index}$`, sessionId: `$${state}_${index}$` }));

const sessionPath = (suffix: string, poolWeight = 12, state?: 'WAITING' | 'UNDOABLE') =>
  (state ? fc.oneof({ weight: 1, arbitrary: sessionSegment(poolWeight) }, { weight: 2, arbitrary: sessionIn(state) }) : sessionSegment(poolWeight)).map(({ segment, sessionId }) => ({ path: `/sessions/${segment}${suffix}`, ...(sessionId ? { sessionId } : {}) }));

const KNOWN_PATHS = ['/tools', '/sessions/pool-0', '/sessions/pool-1/messages', '/sessions/pool-2/resume', '/sessions/pool-3/cancel', '/sessions/pool-4/undo'];

const SHAPES: Record<Route, Shape> = {
  history: { method: fc.constant('GET'), path: sessionPath(''), body: noBody, json: false },
  import: { method: fc.constant('PUT'), path: sessionPath(''), body: writeBody(importBody, importAtLimits), json: true },
  // Fewer clears of the pool, so its sessions live long enough to have pending calls, undo and long histories.
  clear: { method: fc.constant('DELETE'), path: sessionPath('', 3), body: emptyishBody, json: true },
  message: { method: fc.constant('POST'), path: sessionPath('/messages'), body: writeBody(message, messageAtLimits), json: true },
  resume: {
    method: fc.constant('POST'),
    path: sessionPath('/resume', 12, 'WAITING'),
    body: fc.oneof({ weight: 1, arbitrary: writeBody(resume) }, { weight: 1, arbitrary: answerAll }),
    json: true,
  },
  cancel: { method: fc.constant('POST'), path: sessionPath('/cancel'), body: emptyishBody, json: true },
  undo: { method: fc.constant('POST'), path: sessionPath('/undo', 12, 'UNDOABLE'), body: emptyishBody, json: true },
  tools: {
    method: fc.constant('GET'),
    path: fc.oneof({ weight: 8, arbitrary: fc.constant('/tools') }, { weight: 1, arbitrary: fc.constantFrom('/tools?x=1', '/tools?%ZZ', '/tools#frag', '/tools?' + 'q'.repeat(5000)) }).map((path) => ({ path })),
    body: noBody,
    json: false,
  },
  unknown: {
    method: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE') }, { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) }),
    path: fc
      .oneof(
        fc.webPath(),
        fc.constantFrom('/', '//', '/sessions', '/sessions/', '/sessions/a/b/c', '/sessions/a/messages/extra', '/sessions/a/MESSAGES', '/tool', '/.env', '/%00', '/*', '/sessions/a/resume/..', '/TOOLS', '/tools/'),
        anyString.map((text) => `/${percentEncode(text)}`),
      )
      .map((path) => ({ path: path.startsWith('/') ? path : `/${path}` })),
    body: emptyishBody,
    json: true,
  },
  list: { method: fc.constant('GET'), path: listQuery.map((query) => ({ path: `/sessions${query}` })), body: noBody, json: false },
  // Rarely a stranger's title: strangers meet the pool only through a 404.
  rename: { method: fc.constant('PATCH'), path: sessionPath(''), body: writeBody(rename), json: true },
  retry: { method: fc.constant('POST'), path: sessionPath('/retry'), body: fc.oneof({ weight: 3, arbitrary: emptyishBody }, { weight: 1, arbitrary: writeBody(retry) }), json: true },
  branch: { method: fc.constant('POST'), path: sessionPath('/branch'), body: writeBody(branch), json: true },
  feedback: { method: fc.constant('POST'), path: sessionPath('/feedback'), body: writeBody(feedback), json: true },
  edit: { method: fc.constant('POST'), path: sessionPath('/messages'), body: writeBody(edit), json: true },
  'upload-limits': { method: fc.constant('GET'), path: fc.constantFrom('/uploads', '/uploads?x=1', '/uploads/').map((path) => ({ path })), body: noBody, json: false },
  upload: { method: fc.constant('POST'), path: fc.constant({ path: '/uploads' }), body: uploadBody, json: false, type: uploadType },
  'upload-get': { method: fc.constant('GET'), path: uploadPath, body: noBody, json: false },
  'ag-ui': {
    method: fc.constant('POST'),
    // The thread: a pool session (any, or one waiting on calls, so resume entries meet open interrupts).
    path: fc.oneof(sessionSegment(12).filter((segment) => segment.sessionId !== undefined), sessionIn('WAITING')).map(({ sessionId }) => ({ path: '/ag-ui', sessionId: sessionId! })),
    body: writeBody(agUiInput),
    json: true,
  },
  'odd-method': {
    method: fc.constantFrom(...ODD_METHODS.filter((method) => !['GET', 'POST'].includes(method))),
    path: fc.constantFrom(...KNOWN_PATHS).map((path) => ({ path })),
    body: emptyishBody,
    json: true,
  },
};

/** A request to `route`: its method and path, with hostile headers, bodies, framing and callers around them. */
export function requestTo(route: Route): fc.Arbitrary<FuzzRequest> {
  const shape = SHAPES[route];
  return fc
    .record({
      method: shape.method,
      path: shape.path,
      body: shape.body,
      type: shape.type !== undefined ? shape.type : shape.json ? contentType : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: contentType }),
      origin,
      extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
      caller: callerOn,
      framing,
    })
    .map(({ method, path: meant, body, type, origin: from, extra, caller: { target, caller, cookie: garbageCookie }, framing: frame }) => {
      const path = strangersKeepOut(route, caller, meant);
      const headers: Record<string, string> = { ...extra };
      if (type !== undefined) headers['content-type'] = type;
      if (from !== undefined) headers['origin'] = from;
      return {
        route,
        target,
        caller,
        ...(caller === 'garbage' ? { cookie: garbageCookie } : {}),
        method,
        path: path.path,
        ...(path.sessionId ? { sessionId: path.sessionId } : {}),
        headers,
        ...(body !== undefined ? { body } : {}),
        // A lying length is for requests that carry a body. A GET or HEAD body is never read (no browser can send
        // one), so after its answer the socket closes on unread bytes and the client may see a reset instead: a
        // TCP effect of the transport (@hono/node-server drains other methods' bodies, not these), not the app's.
        framing: body === undefined || (frame === 'lying-length' && ['GET', 'HEAD'].includes(method)) ? 'length' : frame,
      };
    });
}

/**
 * A stranger's message or import would start a pool session its owner had just cleared, and the owner would get
 * 404s on it for the rest of the run: strangers start sessions of their own instead. They still meet the pool's
 * sessions on every other route (and the ownership tests cover taking over an id).
 */
function strangersKeepOut(route: Route, caller: Caller, path: { path: string; sessionId?: string }): { path: string; sessionId?: string } {
  if (caller === 'owner' || !path.sessionId || !['message', 'import', 'edit', 'ag-ui'].includes(route)) return path;
  // An AG-UI thread is named in the body (`$THREAD$`): the stranger's own id goes there.
  if (route === 'ag-ui') return { path: path.path, sessionId: `stranger-${path.sessionId}` };
  return { path: path.path.replace(`/sessions/${path.sessionId}`, `/sessions/stranger-${path.sessionId}`) };
}

/** One request for every route, sent together: routes race each other on the same sessions. */
export const oneOfEachRoute = fc.tuple(...ROUTES.map((route) => requestTo(route)));
