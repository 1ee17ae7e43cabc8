import { createAgentChat, defineTool, modelFromEnv, scriptedModel, type SessionStore } from '@agent-chat/server';
import { z } from 'zod';

const getTime = defineTool({
  name: 'get_time',
  description: "The server's current date and time, in ISO 8601 and in words.",
  input: z.object({ timeZone: z.string().optional().describe('An IANA time zone such as Europe/Lisbon') }),
  label: 'Checking the time',
  execute: ({ timeZone }) => {
    const now = new Date();
    return { iso: now.toISOString(), text: now.toLocaleString('en-GB', { timeZone: timeZone ?? 'UTC', dateStyle: 'full', timeStyle: 'short' }) };
  },
});

/** The offline demo: shows thinking, text and a tool round trip for whatever the user types. */
const demoModel = scriptedModel(
  ({ text }) => [
    [
      { thinking: `The user wrote "${text.slice(0, 80)}". I will show a tool call by checking the time.` },
      { text: 'Let me check the time on the server. ' },
      { tool: 'get_time', input: {} },
    ],
    [
      {
        text:
          `Done: the tool answered, and its result is in the step above.\n\n` +
          `You said: “${text.slice(0, 200)}”. This is the **offline demo model**; set ANTHROPIC_API_KEY to talk to Claude.`,
      },
    ],
  ],
  { name: 'offline demo', chunkSize: 6, delayMs: 15 },
);

export function scriptTagAgent(store: SessionStore) {
  return createAgentChat({
    model: modelFromEnv({ offline: demoModel }),
    tools: [getTime],
    store,
    system: 'You are the agent-chat demo assistant. Be brief. You can tell the time with get_time.',
  });
}
