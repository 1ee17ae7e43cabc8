import type { ToolDescriptor } from '@agent-chat/protocol';
import { z } from 'zod';
import type { ModelToolSpec } from '../model/model.js';
import type { Tool, ToolRegistry } from './define-tool.js';
import { modelInputSchema } from './model-schema.js';

/** The tools of one agent (ToolRegistry, defined with Tool), checked and described once. */
export function createToolRegistry(tools: readonly Tool[]): ToolRegistry {
  const byName = new Map<string, Tool>();
  const specs = new Map<string, ModelToolSpec>();
  /** The full schema, titles and hints included, for the element's forms. */
  const schemas = new Map<string, Record<string, unknown>>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new TypeError(`createAgentChat: two tools are named "${tool.name}"`);
    byName.set(tool.name, tool);
    const schema = inputJsonSchema(tool);
    schemas.set(tool.name, schema);
    specs.set(tool.name, { name: tool.name, description: tool.description, inputSchema: modelInputSchema(schema) });
  }
  return {
    get: (name) => byName.get(name),
    offered(sessionId, context) {
      return tools.filter((tool) => {
        try {
          return tool.available ? tool.available({ sessionId, context }) : true;
        } catch {
          // A broken availability rule hides the tool rather than failing the whole turn.
          return false;
        }
      });
    },
    specFor: (tool) => specs.get(tool.name)!,
    descriptors: () =>
      tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        kind: tool.kind,
        ...(typeof tool.label === 'string' ? { label: tool.label } : {}),
        needsConfirmation:
          typeof tool.needsConfirmation === 'function' ? ('sometimes' as const) : Boolean(tool.needsConfirmation),
        inputSchema: schemas.get(tool.name)!,
        ...(tool.display ? { display: tool.display } : {}),
      })),
  };
}

function inputJsonSchema(tool: Tool): Record<string, unknown> {
  let schema: Record<string, unknown>;
  if (tool.inputJsonSchema) schema = { ...tool.inputJsonSchema };
  else try {
    schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch (error) {
    throw new TypeError(`defineTool(${tool.name}): input cannot be described as JSON Schema: ${(error as Error).message}`);
  }
  // Providers want a bare object schema; the $schema marker is noise to them.
  delete schema.$schema;
  if (schema.type !== 'object') {
    throw new TypeError(`defineTool(${tool.name}): input must be a z.object(...), as the providers require`);
  }
  return schema;
}

/**
 * The tools of an agent and of every sub-agent below it, each name once (the nearest agent's first): what GET /tools
 * tells the element, which draws a sub-agent's calls (and their confirmation forms) as it draws the agent's.
 */
export function descriptorsOfTree(registry: ToolRegistry): ToolDescriptor[] {
  const named = new Set<string>();
  const found: ToolDescriptor[] = [];
  const visited = new Set<ToolRegistry>();
  for (let level = [registry]; level.length > 0; ) {
    const next: ToolRegistry[] = [];
    for (const agent of level) {
      if (visited.has(agent)) continue;
      visited.add(agent);
      for (const descriptor of agent.descriptors()) {
        if (!named.has(descriptor.name)) {
          named.add(descriptor.name);
          found.push(descriptor);
        }
        const below = agent.get(descriptor.name)?.subagent?.tools;
        if (below) next.push(below);
      }
    }
    level = next;
  }
  return found;
}
