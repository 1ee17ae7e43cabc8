import { scriptedModel, type ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';

/** What the demo model says when asked anything else: the two things to try. */
export const DEMO_HINT =
  'I am the **offline demo model**: ask me to *show you the server time* or *how the system is doing*, and the MCP ' +
  "server's view is drawn here. Set ANTHROPIC_API_KEY to talk to Claude.";

/** Its answer to a message it has no tool for (a view's "Send Message" lands here): the message, quoted back. */
export const heardReply = (text: string) => `You wrote: “${text.trim()}”. ${DEMO_HINT}`;

/**
 * The offline demo: "… time …" calls the basic server's `get-time`, "… system / CPU / memory …" the system monitor's
 * `get-system-info`; each then says a sentence about the view drawn above. Anything else gets `heardReply`.
 */
export const demoModel = scriptedModel(
  ({ text, turns }) => {
    if (/\b(time|clock)\b/i.test(text)) {
      return [
        [{ text: 'Asking the basic server for its time. ' }, { tool: 'get-time', input: {} }],
        [{ text: timeReply(lastOutput(turns)) }],
      ];
    }
    if (/\b(system|cpu|memory|machine|computer)\b/i.test(text)) {
      return [
        [{ text: 'Asking the system monitor. ' }, { tool: 'get-system-info', input: {} }],
        [
          {
            text:
              'Its view above charts the CPU and memory as they are now: it asks its server for fresh figures every ' +
              'few seconds, through this page (a tool only the view may call, never offered to me).',
          },
        ],
      ];
    }
    return [[{ text: heardReply(text) }]] satisfies ScriptedRun;
  },
  { name: 'offline demo', chunkSize: 8, delayMs: 10 },
);

function timeReply(output: unknown): string {
  const time = /\d{4}-\d\d-\d\dT[\d:.]+Z/.exec(JSON.stringify(output) ?? '')?.[0];
  const said = time ? `The server's clock says ${time}. ` : '';
  return `${said}Its view above shows the same time; press **Get Server Time** in it and the view asks the server again, through this page.`;
}

function lastOutput(turns: readonly Turn[]): unknown {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' && !result.isError ? result.output : undefined;
}
