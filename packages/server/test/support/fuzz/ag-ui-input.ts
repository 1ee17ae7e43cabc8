import fc from 'fast-check';
import { anyString, hugeString } from './hostile-values.js';

/**
 * RunAgentInputs for POST /ag-ui, as JSON with placeholders resolved at send time: `$THREAD$` (the pool session
 * the request is aimed at), `$PENDING_n$` (a call it waits on, as last seen), `$TURN_n$` (a turn id it holds), so
 * resume entries and tool messages answer real interrupts and a "new" message can carry an id the thread already
 * has. Around them: hostile messages, resume entries that lie, tools, state and context of any shape.
 */

const KEYWORDS = ['add a fact', 'look it up', 'pick a color', 'hello there', 'ADD', 'look'];

const messageId = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.nat({ max: 40 }).map((index) => `$TURN_${index}$`) },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constant('m'.repeat(300)) },
);

const text = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KEYWORDS) }, { weight: 2, arbitrary: anyString }, { weight: 1, arbitrary: hugeString });

const content = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([{ type: 'image', source: { type: 'url', value: 'https://example.com/a.png' } }], [{ type: 'binary', mimeType: 'image/png', data: 'iVBORw0KGgo=' }], [{ type: 'text' }]) },
);

const pending = fc.integer({ min: 0, max: 1 }).map((index) => `$PENDING_${index}$`);
const callId = fc.oneof({ weight: 4, arbitrary: pending }, { weight: 1, arbitrary: anyString });

const message = fc.oneof(
  { weight: 12, arbitrary: fc.record({ id: messageId, role: fc.constant('user'), content }) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        id: messageId,
        role: fc.constant('assistant'),
        content: fc.option(text, { nil: undefined }),
        toolCalls: fc.array(fc.record({ id: callId, type: fc.constant('function'), function: fc.record({ name: fc.constantFrom('add_item', 'pick_color', 'lookup', 'nope'), arguments: fc.oneof(fc.constant('{}'), anyString) }) }), { maxLength: 2 }),
      },
      { requiredKeys: ['id', 'role'] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ id: messageId, role: fc.constant('tool'), toolCallId: callId, content: fc.oneof(fc.constant('"#ff0000"'), anyString) }, { requiredKeys: ['id', 'role', 'toolCallId', 'content'] }) },
  { weight: 1, arbitrary: fc.record({ id: messageId, role: fc.constantFrom('system', 'developer'), content: text }) },
  { weight: 1, arbitrary: fc.record({ id: messageId, role: anyString, content: fc.jsonValue({ maxDepth: 2 }) }) },
);

const resumeEntry = fc.record(
  {
    interruptId: callId,
    status: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('resolved', 'cancelled') }, { weight: 1, arbitrary: anyString }),
    payload: fc.oneof(
      fc.record({ action: fc.constantFrom('approve', 'deny', 'edit', 'maybe'), input: fc.jsonValue({ maxDepth: 2 }), reason: anyString }, { requiredKeys: ['action'] }),
      fc.record({ approved: fc.boolean(), editedArgs: fc.jsonValue({ maxDepth: 2 }), reason: anyString }, { requiredKeys: ['approved'] }),
      fc.record({ output: fc.jsonValue({ maxDepth: 2 }), isError: fc.boolean() }, { requiredKeys: ['output'] }),
      fc.boolean(),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: ['interruptId', 'status'] },
);

const tool = fc.record({
  name: fc.oneof(fc.constantFrom('add_item', 'page_tool'), anyString),
  description: anyString,
  parameters: fc.oneof({ weight: 4, arbitrary: fc.dictionary(anyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }),
});

/** A thread id as JSON: the aimed-at pool session mostly, else any string. */
const threadId = fc.oneof(
  { weight: 10, arbitrary: fc.constant('$THREAD$') },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/) },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constant('t'.repeat(201)) },
);

export const agUiInput = fc.record(
  {
    threadId,
    runId: fc.oneof({ weight: 5, arbitrary: fc.uuid() }, { weight: 1, arbitrary: anyString }),
    messages: fc.array(message, { minLength: 1, maxLength: 4 }),
    resume: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(resumeEntry, { minLength: 1, maxLength: 2 }) }),
    tools: fc.array(tool, { maxLength: 2 }),
    context: fc.array(fc.record({ description: anyString, value: anyString }), { maxLength: 2 }),
    state: fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 3 })),
    forwardedProps: fc.oneof({ weight: 4, arbitrary: fc.dictionary(anyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }),
    protocolVersion: fc.constantFrom('1.0', '0.9', '2.0', ''),
  },
  { requiredKeys: ['threadId', 'runId', 'messages'] },
);
