import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { A2UI_BASIC_CATALOG_ID, type A2uiMessage, type ToolResultTurn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2uiTool, createAgentChat, scriptedModel, type ScriptedRun, type ScriptedRunInput } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { sameBrowser } from './support/same-browser.js';

// a2uiTool holds the model's surface against the catalog before anything is sent (issue 37): a surface the page's
// renderer would refuse is an error result naming the field, which the model reads; the page gets nothing of it.

// The basic catalog's JSON Schema as @a2ui/web_core ships it, read as data.
const v09 = dirname(createRequire(import.meta.url).resolve('@a2ui/web_core/v0_9'));
const basicCatalog = JSON.parse(readFileSync(join(v09, 'schemas/catalogs/basic/catalog.json'), 'utf8')) as { components: object };

const v = 'v0.9' as const;
const create = (surfaceId: string, catalogId = A2UI_BASIC_CATALOG_ID): A2uiMessage => ({ version: v, createSurface: { surfaceId, catalogId } });
const components = (surfaceId: string, rootName = 'Column', child = 'Text'): A2uiMessage => ({
  version: v,
  updateComponents: {
    surfaceId,
    components: [
      { id: 'root', component: rootName, children: ['title'] },
      { id: 'title', component: child, text: 'Book a table' },
    ],
  },
});
const nonRoot: A2uiMessage = { version: v, updateComponents: { surfaceId: 'rootless', components: [{ id: 'title', component: 'Text', text: 'Hi' }] } };

const DRAWS: Record<string, [tool: string, messages: A2uiMessage[]]> = {
  'other catalog': ['show_a2ui_surface', [create('menu', 'https://example.com/catalogs/other.json'), components('menu')]],
  'unknown component': ['draw_from_schema', [create('menu'), components('menu', 'Column', 'Carousel')]],
  'unknown in the map': ['draw_from_components', [create('menu'), components('menu', 'Carousel')]],
  'no root': ['show_a2ui_surface', [create('rootless'), nonRoot]],
  'from schema': ['draw_from_schema', [create('menu'), components('menu')]],
  'prose names': ['show_a2ui_surface', [create('menu'), components('menu', 'Column', 'Carousel')]],
};

const lastResult = (input: ScriptedRunInput) => input.turns.findLast((turn): turn is ToolResultTurn => turn.type === 'tool_result');
function script(input: ScriptedRunInput): ScriptedRun {
  const draw = DRAWS[input.text];
  if (!draw) return [[{ text: 'Hello.' }]];
  return [[{ tool: draw[0], input: { messages: draw[1] } }], [{ text: `I read: ${String(lastResult(input)?.output)}` }]];
}

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model: scriptedModel(script),
      tools: [
        a2uiTool({ catalog: { id: A2UI_BASIC_CATALOG_ID, components: 'Column(children), Text(text), Button(child, action)' } }),
        a2uiTool({ catalog: { id: A2UI_BASIC_CATALOG_ID, components: basicCatalog }, name: 'draw_from_schema' }),
        // Its `components` object alone (name -> schema), as the a2ui example gives it.
        a2uiTool({ catalog: { id: A2UI_BASIC_CATALOG_ID, components: basicCatalog.components }, name: 'draw_from_components' }),
      ],
    }),
  );
});
afterAll(() => server.close());

const client = () => sameBrowser(server.url);
const ofType = <T extends ReceivedEvent['data']['type']>(events: ReceivedEvent[], type: T) =>
  events.flatMap((event) => (event.data.type === type ? [event.data as Extract<ReceivedEvent['data'], { type: T }>] : []));

/** Runs an ask whose draw is refused: nothing is sent or stored, and the model reads (and repeats) the error. */
async function refused(sessionId: string, text: string): Promise<string> {
  const events = await client().run(sessionId, { text });
  expect(ofType(events, 'ui')).toEqual([]);
  const [result] = ofType(events, 'tool_result');
  expect(result).toMatchObject({ isError: true });
  const { turns } = await client().history(sessionId);
  expect(turns.filter((turn) => turn.type === 'ui')).toEqual([]);
  const reply = turns.at(-1);
  expect(reply?.type === 'assistant_text' && reply.text).toBe(`I read: ${String(result!.output)}`);
  return String(result!.output);
}

describe("a2uiTool holds the model's surface against the catalog", () => {
  it('a createSurface naming another catalog is an error naming its catalogId and the id to use', async () => {
    const error = await refused('check-1', 'other catalog');
    expect(error).toContain('messages.0.createSurface.catalogId');
    expect(error).toContain(JSON.stringify(A2UI_BASIC_CATALOG_ID));
  });

  it("a component the catalog's JSON Schema does not list is an error naming it, with the names it lists", async () => {
    const error = await refused('check-2', 'unknown component');
    expect(error).toContain('messages.1.updateComponents.components.1.component');
    expect(error).toContain('"Carousel"');
    for (const name of ['Column', 'Text', 'Button', 'TextField', 'DateTimeInput']) expect(error).toContain(name);
    // The same from the catalog's `components` object alone.
    expect(await refused('check-2b', 'unknown in the map')).toContain('messages.1.updateComponents.components.0.component: the catalog has no component "Carousel"');
  });

  it('a batch that creates a surface without a root component is an error naming messages', async () => {
    const error = await refused('check-3', 'no root');
    expect(error).toMatch(/failed: messages: /);
    expect(error).toContain('"rootless"');
    expect(error).toContain('"root"');
  });

  it("a surface from the schema's components is drawn; a prose catalog leaves component names to the page", async () => {
    for (const [sessionId, text] of [['check-4', 'from schema'], ['check-5', 'prose names']] as const) {
      const events = await client().run(sessionId, { text });
      expect(ofType(events, 'ui').map((event) => event.messages)).toEqual([DRAWS[text]![1]]);
      expect(ofType(events, 'tool_result')).toMatchObject([{ isError: false }]);
    }
  });
});
