import type { ToolsResponse } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { describeCommand } from '../commands/define-command.js';
import type { AgentChatEnv } from '../http/env.js';
import type { Runtime } from '../runtime.js';
import { descriptorsOfTree } from '../tools/tool-registry.js';

/** GET /tools: what the element needs for labels, slash autocomplete and confirmation forms (sub-agents' tools too). */
export function toolsRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().get('/tools', (c) => {
    const body: ToolsResponse = {
      tools: descriptorsOfTree(runtime.deps.tools),
      commands: runtime.commands.map(describeCommand),
    };
    return c.json(body);
  });
}
