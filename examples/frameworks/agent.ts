import { createAgentChat, defineTool, modelFromEnv, scriptedModel, type SessionStore } from '@agent-chat/server';
import type { Item, Turn } from '@agent-chat/protocol';
import { z } from 'zod';

// The agent behind both framework pages. The to-do list lives in the page (React or Vue state): the page sends it
// as context with every message, and the agent adds to it through a client tool that the page runs, after the
// page's own confirm handler asked the user.

const addTodo = defineTool({
  name: 'add_todo',
  description: "Add one item to the to-do list shown on the user's page. The user confirms it first.",
  input: z.object({ text: z.string().min(1).describe('The to-do, a few words') }),
  kind: 'client',
  needsConfirmation: true,
  label: (input) => `Adding “${input.text}” to your list`,
});

/** The to-dos the page sent as context (`items`, the context convention the server's policy knows). */
function todosIn(items: readonly Item[] | undefined): string[] {
  return (items ?? []).map((item) => item.title ?? item.text ?? item.id);
}

function lastToolResult(turns: readonly Turn[]) {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.type === 'tool_result') return turn;
  }
  return undefined;
}

const OFFLINE_NOTE = '\n\n_(This is the offline demo model; set ANTHROPIC_API_KEY to talk to Claude.)_';

/**
 * Offline: "add <something>" calls add_todo; anything else is answered from the page's context. Both replies
 * quote what the page sent, so a reader (and the tests) can see that context and tool results reached the agent.
 */
const demoModel = scriptedModel(
  ({ text, context, turns }) => {
    const todos = todosIn(context?.items);
    const wanted = /^\s*add\s+(.+)$/i.exec(text)?.[1]?.trim();
    if (!wanted) {
      const list = todos.length ? todos.map((todo) => `“${todo}”`).join(', ') : 'nothing';
      return [[{ text: `Your page lists ${todos.length} to-dos: ${list}. Say “add …” and I will add one.${OFFLINE_NOTE}` }]];
    }
    const result = lastToolResult(turns);
    return [
      [{ text: `I will add “${wanted}” to your list of ${todos.length}. ` }, { tool: 'add_todo', input: { text: wanted } }],
      [
        {
          text:
            result && !result.isError
              ? `Added “${wanted}”: the page says its list now has ${(result.output as { count?: number })?.count ?? '?'} to-dos.${OFFLINE_NOTE}`
              : `I left your list as it is (${typeof result?.output === 'string' ? result.output : 'declined'}).${OFFLINE_NOTE}`,
        },
      ],
    ];
  },
  { name: 'offline demo', chunkSize: 8, delayMs: 10 },
);

export function frameworksAgent(store: SessionStore) {
  return createAgentChat({
    model: modelFromEnv({ offline: demoModel }),
    tools: [addTodo],
    store,
    system:
      "You help the user with the to-do list on their page, which you get as context. Be brief. Add an item with add_todo when asked; the user confirms each one.",
  });
}
