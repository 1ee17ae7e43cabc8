import { describeIssues, type Confirmation, type ToolResultPart, type Usage, type ViewResult } from '@agent-chat/protocol';
import type { Tool, ToolContext } from './define-tool.js';
import { afterUserWait, userWait } from './user-wait.js';
import { ViewToolError } from './view-result.js';

export interface ToolOutcome {
  output: unknown;
  isError: boolean;
  /** The run was stopped while the call ran, or before it could (the protocol's third outcome). */
  stopped?: boolean;
  /** The call waited for the user's confirmation: how they answered, kept with the result for the card. */
  confirmation?: Confirmation;
  /** The result's text and image parts, when the tool returned images (`toolContent`); `output` is then their text. */
  content?: ToolResultPart[];
  /** Parts shown to the user and not sent to the model (`toolContent(parts, { display })`). */
  display?: ToolResultPart[];
  /** A sub-agent's call: the tokens its run used. */
  usage?: Usage;
  /** A tool with a view: the result as the view reads it (`toolContent`'s `viewResult`, or a ViewToolError's). */
  viewResult?: ViewResult;
}

/** Check a call's input against the tool's schema: the parsed input, or an error the agent can act on. */
export function parseToolInput(tool: Tool, input: unknown): { ok: true; input: unknown } | { ok: false; error: string } {
  const parsed = tool.input.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issues = describeIssues(parsed.error).map((issue) => issue.message.replace(/^body/, 'input'));
  return { ok: false, error: `Invalid input for ${tool.name}: ${issues.join('; ')}` };
}

/**
 * Run a server tool. Whatever happens (a throw, a rejection, a hang past the timeout) becomes a result the
 * agent reads; nothing here can fail the run. Time spent waiting for the user (ctx.requestInput) is not the tool's:
 * its timeout counts the rest.
 */
export async function runTool(tool: Tool, input: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let paused: (() => void) | undefined;
  const started = Date.now();
  const timeout = new Promise<ToolOutcome>((resolve) => {
    const check = () => {
      const wait = userWait(ctx);
      // While the user is asked, the clock stops: it is looked at again once they answered, not polled meanwhile.
      if (wait.waiting) {
        paused = afterUserWait(ctx, check);
        return;
      }
      const left = tool.timeoutMs - (Date.now() - started - wait.ms);
      if (left > 0) timer = setTimeout(check, left);
      else resolve({ output: `Tool ${tool.name} timed out after ${tool.timeoutMs} ms.`, isError: true });
    };
    timer = setTimeout(check, tool.timeoutMs);
  });
  const run = (async (): Promise<ToolOutcome> => {
    try {
      const output = await tool.execute!(input, ctx);
      return { output: output === undefined ? null : output, isError: false };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const viewResult = error instanceof ViewToolError ? { viewResult: error.viewResult } : {};
      return { output: `Tool ${tool.name} failed: ${message}`, isError: true, ...viewResult };
    }
  })();
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
    paused?.();
  }
}
