import { sendMessageRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { matchCommand } from '../commands/command-set.js';
import type { AgentChatEnv } from '../http/env.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import { followRun } from '../http/follow-run.js';
import { catchUpWithLog, runInBackground } from '../run/background-run.js';
import { answerDangling } from '../run/agent-loop.js';
import { runAgentLoop } from '../run/agent-loop.js';
import { dropPending } from '../run/answer-pending.js';
import { newId } from '../run/ids.js';
import { appendTurn } from '../run/run-context.js';
import { answerUnknownCommand, runCommand } from '../run/run-command.js';
import type { Runtime } from '../runtime.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { checkMessageLimits } from '../session/message-limits.js';
import { retriedTurn } from '../session/retry-turn.js';
import { branchForEdit } from '../session/branch-edit.js';
import { sessionSizeIssue } from '../session/session-size.js';
import { titleFirstExchange, titleFromText } from '../session/session-title.js';
import { disconnectPolicy, withSession } from './with-session.js';
import { resolveMessageUploads } from '../uploads/message-uploads.js';

/** POST /sessions/:sessionId/messages: one run of the agent (or of a slash command), streamed as SSE. */
export function messagesRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post(
    '/sessions/:sessionId/messages',
    sessionIdParam,
    jsonBody(sendMessageRequestSchema, runtime.limits.jsonDepth),
    async (c) => {
      const body = c.get('body');
      const issue = checkMessageLimits(body, runtime.limits);
      if (issue) return invalidRequest(c, [issue]);
      // Each upload checked (there, the caller's, a type the model reads) before the run: a refused file costs no model call.
      const files = await resolveMessageUploads(body.attachments, runtime.uploads, runtime.deps.model, c.get('principal'));
      if ('issue' in files) return errorJson(c, files.issue.status, files.issue.code, files.issue.message, { field: files.issue.field });
      return withSession(c, runtime, { create: true }, async (session, active) => {
        const full = sessionSizeIssue(session.turns.length, session.historyChars ?? 0, runtime.limits, 'sessionId');
        if (full) {
          await runtime.runs.release(session.id, active.runId);
          return errorJson(c, 409, 'session_full', full.message, { field: full.field });
        }
        // An edit branches the conversation at the message it replaces (session/branches.ts).
        const edit = await branchForEdit(runtime, session, body);
        if (edit) {
          await runtime.runs.release(session.id, active.runId);
          return errorJson(c, edit.status, edit.code, edit.message, { field: 'editOf' });
        }
        // A retry of the last message runs it again as it was stored, and stores it no second time.
        const retried = retriedTurn(session, body.retryOf);
        if (retried === 'conflict') {
          await runtime.runs.release(session.id, active.runId);
          return errorJson(c, 409, 'conflict', 'Only the last message can be retried: the conversation has moved on since this one.', { field: 'retryOf' });
        }
        const text = retried?.text ?? body.text;
        const invoked = matchCommand(runtime.commands, text, { sessionId: session.id, context: body.context }, runtime.unknownCommand);
        const userTurnId = retried?.id ?? newId('t');
        // The first exchange names the conversation (its first words now; a better title after the reply, if asked).
        const naming = session.title === undefined;
        await catchUpWithLog(runtime, session);
        const after = session.lastEventId;
        void runInBackground({
          runtime,
          session,
          active,
          context: body.context,
          resumed: false,
          userTurnId,
          async body(run) {
            dropPending(run);
            // Calls of a run whose instance died between a step and its tools: answered, so the history stays valid.
            answerDangling(run, 'Not run: the server stopped before this tool ran.');
            // A retry goes on with the same turn: what its failed try wrote stays undoable with it.
            if (!retried) {
              session.turnHasWrites = false;
              delete session.turnSnapshot;
              appendTurn(session, {
                type: 'user',
                text,
                ...(body.references?.length ? { references: body.references } : {}),
                ...(files.attachments.length ? { attachments: files.attachments } : {}),
                ...(body.trigger ? { trigger: body.trigger } : {}),
                ...(invoked?.kind === 'run' ? { command: invoked.command.name } : {}),
              }, userTurnId);
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
        return followRun(c, runtime, { sessionId: session.id, after, ...disconnectPolicy(runtime, session.id, active.runId) });
      });
    },
  );
}

