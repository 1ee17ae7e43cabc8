import { sendMessageRequestSchema, type Turn } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import { followRun } from '../http/follow-run.js';
import { startMessageRun } from '../run/message-run.js';
import type { Runtime } from '../runtime.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { checkMessageLimits } from '../session/message-limits.js';
import { retriedTurn } from '../session/retry-turn.js';
import { branchForEdit } from '../session/branch-edit.js';
import { sessionSizeIssue } from '../session/session-size.js';
import { disconnectPolicy, withSession } from './with-session.js';
import { resolveMessageUploads } from '../uploads/message-uploads.js';
import { liveSurfaces } from '../ui/check-messages.js';

/** POST /sessions/:sessionId/messages: one run of the agent (or of a slash command), streamed as SSE. */
export function messagesRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post(
    '/sessions/:sessionId/messages',
    sessionIdParam,
    jsonBody(sendMessageRequestSchema, runtime.limits, { 'context.items': 'contextItems', references: 'references', attachments: 'attachments' }),
    async (c) => {
      const body = c.get('body');
      const issue = checkMessageLimits(body, runtime.limits);
      if (issue) return invalidRequest(c, [issue]);
      // Each upload checked (there, the caller's, a type the model reads) before the run: a refused file costs no model call.
      const files = await resolveMessageUploads(body.attachments, runtime.uploads, runtime.deps.model, c.get('principal'));
      if ('issue' in files) return errorJson(c, files.issue.status, files.issue.code, files.issue.message, { field: files.issue.field });
      return withSession(c, runtime, { create: true }, async (session, slot) => {
        const full = sessionSizeIssue(session.turns.length, session.historyChars ?? 0, runtime.limits, 'sessionId');
        if (full) return errorJson(c, 409, 'session_full', full.message, { field: full.field });
        // A retry of the last message runs it again as it was stored, and stores it no second time.
        const retried = retriedTurn(session, body.retryOf);
        if (retried === 'conflict') {
          return errorJson(c, 409, 'conflict', 'Only the last message can be retried: the conversation has moved on since this one.', { field: 'retryOf' });
        }
        // An act on a surface the agent has since deleted (or never drew, or drew after the message an edit
        // replaces) has nothing left to answer. Checked before an edit branches anything.
        if (body.action && !retried && !liveSurfaces(turnsBefore(session.turns, body.editOf)).has(body.action.surfaceId)) {
          return errorJson(c, 409, 'conflict', `There is no surface "${body.action.surfaceId}" in this conversation (any more).`, {
            field: 'action.surfaceId',
          });
        }
        // An edit branches the conversation at the message it replaces (session/branches.ts).
        const edit = await branchForEdit(runtime, session, body);
        if (edit) return errorJson(c, edit.status, edit.code, edit.message, { field: 'editOf' });
        const after = await startMessageRun(runtime, session, slot, {
          text: retried?.text ?? body.text,
          context: body.context,
          userTurnId: retried?.id,
          stored: retried !== undefined,
          extras: {
            ...(body.references?.length ? { references: body.references } : {}),
            ...(files.attachments.length ? { attachments: files.attachments } : {}),
            ...(body.trigger ? { trigger: body.trigger } : {}),
            ...(body.action ? { action: body.action } : {}),
          },
        });
        return followRun(c, runtime, { key: slot.key, after, ...disconnectPolicy(runtime, slot) });
      });
    },
  );
}

/** The turns an edit keeps: those before the message it replaces (all of them when it is not an edit). */
function turnsBefore(turns: readonly Turn[], editOf: string | undefined): readonly Turn[] {
  const at = editOf === undefined ? -1 : turns.findIndex((turn) => turn.id === editOf);
  return at < 0 ? turns : turns.slice(0, at);
}
