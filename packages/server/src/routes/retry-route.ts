import { retryRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { matchCommand } from '../commands/command-set.js';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import { followRun } from '../http/follow-run.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import { runAgentLoop } from '../run/agent-loop.js';
import { answerUnknownCommand, runCommand } from '../run/run-command.js';
import { startRun } from '../run/start-run.js';
import type { Runtime } from '../runtime.js';
import { branchOff, wholeSize } from '../session/branches.js';
import { sessionSizeIssue } from '../session/session-size.js';
import { commitSession } from '../session/commit-session.js';
import { disconnectPolicy, withSession } from './with-session.js';

/**
 * POST /sessions/:sessionId/retry: the last reply again, streamed as SSE like a message's. The reply it replaces
 * is kept as an alternative at that place (GET /sessions/:id lists it as a branch point; POST .../branch shows it
 * again), and the model is given the path without it. Not to be confused with a message's `retryOf`, which runs a
 * message whose first try failed and keeps what that try wrote.
 */
export function retryRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/retry', sessionIdParam, jsonBody(retryRequestSchema, runtime.limits, { 'context.items': 'contextItems' }), (c) => {
    const body = c.get('body');
    const busy = `Session "${c.get('sessionId')}" has a run in progress: retry its reply once it has ended.`;
    return withSession(c, runtime, { create: false, busy }, async (session, slot) => {
      const index = session.turns.findLastIndex((turn) => turn.type === 'user');
      const user = session.turns[index];
      const size = wholeSize(session);
      const full = sessionSizeIssue(size.turns, size.chars, runtime.limits, 'sessionId');
      const refusal =
        user?.type !== 'user'
          ? { status: 409 as const, code: 'conflict' as const, message: 'Nothing to retry: this conversation has no message yet.' }
          : full
            ? { status: 409 as const, code: 'session_full' as const, message: full.message }
            : branchOff(session, index + 1);
      if (refusal || user?.type !== 'user') return errorJson(c, refusal!.status, refusal!.code, refusal!.message, { field: 'sessionId' });
      session.updatedAt = Date.now();
      await commitSession(runtime.store, session, { replaceTurns: true });
      // A command's message runs its command again; anything else, the agent.
      const invoked = matchCommand(runtime.commands, user.text, { sessionId: session.id, context: body.context }, runtime.unknownCommand);
      const after = await startRun({
        runtime,
        session,
        slot,
        context: body.context,
        resumed: false,
        userTurnId: user.id,
        async body(run) {
          if (invoked?.kind === 'run') return runCommand(run, invoked.command, invoked.rest);
          if (invoked?.kind === 'unknown') return answerUnknownCommand(run, invoked.reply);
          return runAgentLoop(run);
        },
      });
      return followRun(c, runtime, { key: slot.key, after, ...disconnectPolicy(runtime, slot) });
    });
  });
}
