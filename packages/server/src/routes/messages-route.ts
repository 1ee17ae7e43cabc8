import { sendMessageRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { matchCommand } from '../commands/define-command.js';
import type { AgentChatEnv } from '../http/env.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import { streamRun } from '../http/stream-run.js';
import { runAgentLoop } from '../run/agent-loop.js';
import { dropPending } from '../run/answer-pending.js';
import { newId } from '../run/ids.js';
import { appendTurn } from '../run/run-context.js';
import { runCommand } from '../run/run-command.js';
import type { Runtime } from '../runtime.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { checkMessageLimits } from '../session/message-limits.js';
import { sessionSizeIssue } from '../session/session-size.js';
import { withSession } from './with-session.js';

/** POST /sessions/:sessionId/messages: one run of the agent (or of a slash command), streamed as SSE. */
export function messagesRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post(
    '/sessions/:sessionId/messages',
    sessionIdParam,
    jsonBody(sendMessageRequestSchema, runtime.limits.jsonDepth),
    (c) => {
      const body = c.get('body');
      const issue = checkMessageLimits(body, runtime.limits);
      if (issue) return invalidRequest(c, [issue]);
      return withSession(c, runtime, { create: true }, (session, active) => {
        const full = sessionSizeIssue(session.turns.length, session.historyChars ?? 0, runtime.limits, 'sessionId');
        if (full) {
          runtime.runs.finish(session.id, active);
          return errorJson(c, 409, 'session_full', full.message, { field: full.field });
        }
        const invoked = matchCommand(runtime.commands, body.text);
        const userTurnId = newId('t');
        return streamRun(c, {
          runtime,
          session,
          active,
          context: body.context,
          resumed: false,
          userTurnId,
          async body(run) {
            dropPending(run);
            session.turnHasWrites = false;
            delete session.turnSnapshot;
            appendTurn(session, {
              type: 'user',
              text: body.text,
              ...(body.references?.length ? { references: body.references } : {}),
              ...(body.attachments?.length ? { attachments: body.attachments } : {}),
              ...(body.trigger ? { trigger: body.trigger } : {}),
              ...(invoked ? { command: invoked.command.name } : {}),
            }, userTurnId);
            await run.commit();
            return invoked ? runCommand(run, invoked.command, invoked.rest) : runAgentLoop(run);
          },
        });
      });
    },
  );
}

