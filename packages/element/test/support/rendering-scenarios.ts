// The agent server scenarios for the rendering tests (issue 5): every kind of step, confirmations with previews,
// a write with undo, a final answer, a failing tool, a status line, a slow tool, a model error, a client tool that
// asks first; and the same agent behind a failing GET /tools.
import type { Hono } from 'hono';
import { z } from 'zod';
import { createAgentChat, defineTool, finalAnswerTool, scriptedModel, type ScriptedRun } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import type { Turn } from '@agent-chat/protocol';
import { ASK, HIGHLIGHT, INITIAL_TITLE, ITEM, MODEL_ERROR, SLOW_TOOL, STEPS } from './rendering-texts.js';

interface Board {
  title: string;
  items: Record<string, string>;
}

/** Each session has its own board, so tests never see each other's writes. */
const boards = new Map<string, Board>();
function board(sessionId: string): Board {
  let found = boards.get(sessionId);
  if (!found) {
    found = { title: INITIAL_TITLE, items: { 'I-1': ITEM.text, 'I-2': 'Users churn in week 2' } };
    boards.set(sessionId, found);
  }
  return found;
}

const searchNotes = defineTool({
  name: 'search_notes',
  description: 'Search the notes',
  input: z.object({}),
  label: STEPS.searchLabel,
  execute: () => ({ matches: 3 }),
});

const checkArchive = defineTool({
  name: 'check_archive',
  description: 'Check the archive',
  input: z.object({}),
  label: STEPS.failingLabel,
  execute: () => {
    throw new Error(STEPS.failure);
  },
});

const renameBoard = defineTool({
  name: 'rename_board',
  description: 'Rename the board',
  input: z.object({ title: z.string() }),
  kind: 'write',
  label: 'Renaming the board to {title}',
  execute: ({ title }, { sessionId }) => {
    board(sessionId).title = title;
    return { title };
  },
});

const writeLog = defineTool({
  name: 'write_log',
  description: 'Keep a note for later',
  input: z.object({ note: z.string() }),
  display: 'hidden',
  // A hidden tool's progress is a status line of its own (a shown one's is on its step: follow-the-page.test.ts).
  execute: (_input, { status }) => {
    status(STEPS.status);
    return 'noted';
  },
});

const editItem = defineTool({
  name: 'edit_item',
  description: 'Change the text of a board item',
  input: z.object({
    id: z.string(),
    text: z.string().min(3).max(200),
    priority: z.number().int().min(1).max(5).optional(),
    status: z.enum(['open', 'done']).optional(),
    urgent: z.boolean().optional(),
    tags: z.array(z.string()).optional(),
  }),
  kind: 'write',
  label: 'Editing item {id}',
  needsConfirmation: true,
  preview: ({ id, text }, { sessionId }) => ({ title: `Edit ${id}`, before: board(sessionId).items[id] ?? '', after: text }),
  execute: ({ id, text }, { sessionId }) => {
    board(sessionId).items[id] = text;
    return { id, text };
  },
});

const deleteItem = defineTool({
  name: 'delete_item',
  description: 'Delete a board item',
  input: z.object({ id: z.string() }),
  kind: 'write',
  label: 'Deleting item {id}',
  needsConfirmation: true,
  preview: ({ id }, { sessionId }) => ({
    title: `Delete ${id}`,
    before: board(sessionId).items[id] ?? '',
    impact: [...ITEM.impact],
  }),
  execute: ({ id }, { sessionId }) => {
    delete board(sessionId).items[id];
    return { deleted: id };
  },
});

/**
 * Sessions whose slow tool runs until the test lets it finish (holdSlowTool in agent-server.ts), so a test that
 * looks at it running sees it running however busy the machine is; Stop ends it too.
 */
const holds = new Map<string, { released: Promise<void>; release: () => void }>();

const slowTool = defineTool({
  name: 'crunch_numbers',
  description: 'A tool that takes a while',
  input: z.object({}),
  label: SLOW_TOOL.label,
  execute: (_input, { sessionId, signal }) => {
    const hold = holds.get(sessionId);
    if (!hold) return new Promise((resolve) => setTimeout(() => resolve({ crunched: true }), SLOW_TOOL.ms));
    return new Promise((resolve) => {
      const finish = () => {
        holds.delete(sessionId);
        resolve({ crunched: true });
      };
      void hold.released.then(finish);
      signal.addEventListener('abort', finish, { once: true });
    });
  },
});

const echoBack = defineTool({
  name: 'echo_back',
  description: 'Return the text it is given',
  input: z.object({ text: z.string() }),
  label: 'Echo {text}',
  execute: ({ text }) => text,
});

/** Runs in the page (the test's adapter), after the user confirmed its card. */
const highlightItem = defineTool({
  name: 'highlight_item',
  description: 'Highlight an item on the page',
  input: z.object({ id: z.string() }),
  kind: 'client',
  label: 'Highlighting item {id}',
  needsConfirmation: true,
  preview: ({ id }) => ({ title: `Highlight ${id}` }),
});

function script({ text, turns }: { text: string; turns: readonly Turn[] }): ScriptedRun {
  if (text === ASK.everyStep) {
    return [
      [
        { thinking: STEPS.thinking },
        { text: STEPS.before },
        { tool: 'search_notes' },
        { tool: 'check_archive' },
        { tool: 'rename_board', input: { title: 'Q3 plan' } },
        { tool: 'write_log', input: { note: 'renamed' } },
      ],
      [
        { text: STEPS.after },
        { tool: 'final_answer', input: { summary: STEPS.summary, links: STEPS.links, suggestions: STEPS.suggestions } },
      ],
    ];
  }
  if (text === ASK.edit) return [[{ tool: 'edit_item', input: { id: ITEM.id, text: ITEM.edited, priority: 2 } }], [{ text: ITEM.done }]];
  if (text === ASK.delete) return [[{ tool: 'delete_item', input: { id: 'I-2' } }], [{ text: ITEM.done }]];
  if (text === ASK.slowTool) return [[{ tool: 'crunch_numbers' }], [{ text: SLOW_TOOL.after }]];
  if (text === ASK.modelError) return [[{ text: MODEL_ERROR.before }, { error: MODEL_ERROR.message }]];
  if (text === ASK.highlight) {
    const result = turns.findLast((turn) => turn.type === 'tool_result');
    const refused = result?.type === 'tool_result' && result.isError;
    return [[{ tool: 'highlight_item', input: { id: ITEM.id } }], [{ text: refused ? HIGHLIGHT.refused : HIGHLIGHT.done }]];
  }
  if (text.startsWith(`${ASK.echo} `)) {
    return [[{ tool: 'echo_back', input: { text: text.slice(ASK.echo.length + 1) } }], [{ text: 'Echoed.' }]];
  }
  return [[{ text: `Unscripted: ${text}` }]];
}

function renderingAgent() {
  return createAgentChat({
      ...testAccess,
    model: scriptedModel(script),
    tools: [searchNotes, checkArchive, renameBoard, writeLog, editItem, deleteItem, slowTool, echoBack, highlightItem, finalAnswerTool()],
    state: {
      snapshot: (sessionId) => structuredClone(board(sessionId)),
      restore: (sessionId, snapshot) => {
        boards.set(sessionId, structuredClone(snapshot as Board));
      },
    },
  });
}

/**
 * Mounts the rendering scenarios under `/api/rendering` on the test server's app, and the same agent under
 * `/api/rendering-no-tools`, whose GET /tools fails: the element must still show the conversation.
 */
export function mountRenderingScenarios(app: Hono): void {
  app.post('/__slow-tool/hold/:sessionId', (c) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    holds.set(c.req.param('sessionId'), { released, release });
    return c.body(null, 204);
  });
  app.post('/__slow-tool/release/:sessionId', (c) => {
    holds.get(c.req.param('sessionId'))?.release();
    return c.body(null, 204);
  });
  app.route('/api/rendering', renderingAgent());
  app.get('/api/rendering-no-tools/tools', (c) => c.json({ error: { code: 'internal', message: 'The tool list is down' } }, 500));
  app.route('/api/rendering-no-tools', renderingAgent());
}
