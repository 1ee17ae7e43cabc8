import type { Context as PageContext, DoneEvent } from '@agent-chat/protocol';
import { matchCommand } from '../commands/command-set.js';
import type { ActiveRun } from '../run/active-run.js';
import { answerDangling, finish, runAgentLoop } from '../run/agent-loop.js';
import { applyAnswers, dropPending, type Answers } from '../run/answer-pending.js';
import { catchUpWithLog, runInBackground } from '../run/background-run.js';
import { newId } from '../run/ids.js';
import { appendTurn } from '../run/run-context.js';
import { answerUnknownCommand, runCommand } from '../run/run-command.js';
import type { Runtime } from '../runtime.js';
import type { SessionRecord } from '../session/session-record.js';
import { titleFirstExchange, titleFromText } from '../session/session-title.js';

/**
 * Start the run for a new message, as POST /messages does (a slash command runs without the model; the first
 * exchange names the conversation), on the same background machinery. Returns the event id to follow from.
 */
export async function startMessageRun(
  runtime: Runtime,
  session: SessionRecord,
  active: ActiveRun,
  message: { text: string; userTurnId: string | undefined; context: PageContext | undefined },
): Promise<number> {
  const { text, context } = message;
  const invoked = matchCommand(runtime.commands, text, { sessionId: session.id, context }, runtime.unknownCommand);
  const userTurnId = message.userTurnId ?? newId('t');
  const naming = session.title === undefined;
  await catchUpWithLog(runtime, session);
  const after = session.lastEventId;
  void runInBackground({
    runtime,
    session,
    active,
    context,
    resumed: false,
    userTurnId,
    async body(run) {
      dropPending(run);
      answerDangling(run, 'Not run: the server stopped before this tool ran.');
      session.turnHasWrites = false;
      delete session.turnSnapshot;
      appendTurn(session, { type: 'user', text, ...(invoked?.kind === 'run' ? { command: invoked.command.name } : {}) }, userTurnId);
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
  return after;
}

/** Continue the turn a run stopped for, with the answers, as POST /resume does. Returns the event id to follow from. */
export async function startResumeRun(
  runtime: Runtime,
  session: SessionRecord,
  active: ActiveRun,
  answers: Answers,
  context: PageContext | undefined,
): Promise<number> {
  await catchUpWithLog(runtime, session);
  const after = session.lastEventId;
  void runInBackground({
    runtime,
    session,
    active,
    context: context ?? session.pendingContext,
    resumed: true,
    async body(run): Promise<DoneEvent> {
      const still = await applyAnswers(run, answers);
      if (still.length > 0) {
        run.emit({ type: 'awaiting_input', calls: still });
        return finish(run, 'awaiting_input');
      }
      return runAgentLoop(run);
    },
  });
  return after;
}
