import { commandsRequestSchema, type CommandsResponse } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { availableCommands } from '../commands/command-set.js';
import { describeCommand } from '../commands/define-command.js';
import type { AgentChatEnv } from '../http/env.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';

/**
 * POST /sessions/:sessionId/commands: the commands usable now, for the context the page sends (the composer's `/`
 * list). A POST because the context is a body; it changes nothing, and reads no session: it need not exist yet (a
 * first message may be a command), so the answer is the same whoever else used the id.
 */
export function commandsRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post(
    '/sessions/:sessionId/commands',
    sessionIdParam,
    jsonBody(commandsRequestSchema, runtime.limits, { 'context.items': 'contextItems' }),
    async (c) => {
      const sessionId = c.get('sessionId');
      const body: CommandsResponse = {
        commands: availableCommands(runtime.commands, sessionId, c.get('body').context).map(describeCommand),
      };
      return c.json(body);
    },
  );
}
