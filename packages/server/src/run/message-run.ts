import type { Context as PageContext, UserTurn } from '@agent-chat/protocol';
import { matchCommand } from '../commands/command-set.js';
import type { Runtime } from '../runtime.js';
import type { SessionRecord } from '../session/session-record.js';
import { titleFirstExchange, titleFromText } from '../session/session-title.js';
import { answerDangling, runAgentLoop } from './agent-loop.js';
import { applyAnswers, dropPending, type Answers } from './answer-pending.js';
import type { RunRuntime } from './background-run.js';
import { newId } from './ids.js';
import { appendTurn } from './run-turns.js';
import { answerUnknownCommand, runCommand } from './run-command.js';
import type { RunSlot } from './run-slot.js';
import { startRun } from './start-run.js';

/** A new message, as the routes that take one (POST /messages, AG-UI's POST /ag-ui) have checked it. */
export interface NewMessage {
  text: string;
  context: PageContext | undefined;
  /** The user turn's id; a new one when not given. */
  userTurnId?: string | undefined;
  /** What the user turn carries beside its text (only what is there: no empty lists). */
  extras?: Pick<UserTurn, 'references' | 'attachments' | 'trigger' | 'action'>;
  /** The message is stored already (a retry of one whose run failed): it runs again, and is not stored twice. */
  stored?: boolean;
  /** Checked answers to calls still waiting, applied before the message (AG-UI's resume entries beside it). */
  answers?: Answers;
}

/**
 * Start the run for a new message: a slash command runs without the model, anything else the agent; the first
 * exchange names the conversation. Calls left waiting are answered first (with the answers given, else as not
 * run), so the history the model reads has a result for every call. Returns the event id to follow the run from.
 */
export function startMessageRun(
  runtime: RunRuntime & Pick<Runtime, 'commands' | 'unknownCommand' | 'titles'>,
  session: SessionRecord,
  slot: RunSlot,
  message: NewMessage,
): Promise<number> {
  const { text, context, answers } = message;
  const invoked = matchCommand(runtime.commands, text, { sessionId: session.id, context }, runtime.unknownCommand);
  const userTurnId = message.userTurnId ?? newId('t');
  // The first exchange names the conversation (its first words now; a better title after the reply, if asked).
  const naming = session.title === undefined;
  return startRun({
    runtime,
    session,
    slot,
    context,
    resumed: false,
    userTurnId,
    async body(run) {
      // Answered calls belong to the turn that made them: they run (or are refused) before the new turn starts.
      if (answers) await applyAnswers(run, answers);
      dropPending(run);
      // Calls of a run whose instance died between a step and its tools: answered, so the history stays valid.
      answerDangling(run, 'Not run: the server stopped before this tool ran.');
      // A retry goes on with the same turn: what its failed try wrote stays undoable with it.
      if (!message.stored) {
        session.turnHasWrites = false;
        delete session.turnSnapshot;
        appendTurn(session, { type: 'user', text, ...message.extras, ...(invoked?.kind === 'run' ? { command: invoked.command.name } : {}) }, userTurnId);
      }
      // A conversation kept from before titles is named by its own first message, as it would have been.
      const first = session.turns.find((turn) => turn.type === 'user');
      if (naming && first?.type === 'user') session.title = titleFromText(first.text);
      await run.commit();
      if (invoked?.kind === 'run') return runCommand(run, invoked.command, invoked.rest);
      if (invoked?.kind === 'unknown') return answerUnknownCommand(run, invoked.reply);
      const done = await runAgentLoop(run);
      if (naming && first?.id === userTurnId && done.stopReason === 'end_turn') {
        await titleFirstExchange(runtime.titles, runtime.deps, session, userTurnId, run.signal);
      }
      return done;
    },
  });
}
