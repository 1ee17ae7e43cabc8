import type { DoneEvent } from '@agent-chat/protocol';
import type { Command } from '../commands/define-command.js';
import { finish } from './agent-loop.js';
import type { RunContext } from './run-context.js';
import { appendTurn } from './run-turns.js';

/** A slash command's short run: its reply as assistant text, the state it changed, then done. No model call. */
export async function runCommand(run: RunContext, command: Command, rest: string): Promise<DoneEvent> {
  let reply;
  try {
    reply = await command.run({
      sessionId: run.session.id,
      context: run.context,
      args: rest.split(/\s+/).filter(Boolean),
      rest,
    });
  } catch (error) {
    const message = `/${command.name} failed: ${error instanceof Error ? error.message : String(error)}`;
    appendTurn(run.session, { type: 'error', message, code: 'command_failed' });
    run.emit({ type: 'error', message, code: 'command_failed' });
    await run.commit();
    return finish(run, 'error');
  }
  const { text, state } = typeof reply === 'string' ? { text: reply, state: undefined } : reply;
  return answer(run, text, state);
}

/**
 * A slash that names no command available now, answered at once and without the model. The user's turn and this
 * answer are stored like any exchange, so the history stays a valid user/assistant alternation for the model later.
 */
export function answerUnknownCommand(run: RunContext, reply: string): Promise<DoneEvent> {
  return answer(run, reply, undefined);
}

async function answer(run: RunContext, text: string, state: unknown): Promise<DoneEvent> {
  if (text) {
    const turn = appendTurn(run.session, { type: 'assistant_text', text });
    run.emit({ type: 'text_delta', turnId: turn.id, text });
  }
  if (state !== undefined) run.emit({ type: 'state', state });
  await run.commit();
  return finish(run, 'end_turn');
}
