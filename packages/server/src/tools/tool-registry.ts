import type { ToolDescriptor } from '@agent-chat/protocol';
import { z } from 'zod';
import type { ModelToolSpec } from '../model/model.js';
import type { Tool, ToolRegistry } from './define-tool.js';
import { modelInputSchema } from './model-schema.js';
import { isToolSource, type ToolSource } from './tool-source.js';

/** What the model and the element are told of a tool, worked out once per tool. */
interface Described {
  spec: ModelToolSpec;
  /** The full schema, titles and hints included, for the element's forms. */
  schema: Record<string, unknown>;
}

interface Entry {
  tool: Tool;
  /** The index, in the agent's `tools`, of the tool or the source it came from. */
  from: number;
}

/**
 * The tools of one agent (ToolRegistry, defined with Tool), checked and described as they arrive. A ToolSource among
 * them (an MCP server's tools) may change while the app runs: the registry follows it, so each model call is offered
 * the tools as they are then.
 */
export function createToolRegistry(items: readonly (Tool | ToolSource)[]): ToolRegistry {
  // By tool object: a source's tools that did not change keep what was worked out for them.
  const described = new WeakMap<Tool, Described>();
  const describe = (tool: Tool): Described => {
    let found = described.get(tool);
    if (!found) {
      const schema = inputJsonSchema(tool);
      found = { schema, spec: { name: tool.name, description: tool.description, inputSchema: modelInputSchema(schema) } };
      described.set(tool, found);
    }
    return found;
  };
  let byName = new Map<string, Entry>();
  let current: Tool[] = [];
  /** The tools left out for their name, by `from` and name, so each is warned of once, not at every change. */
  let leftOut = new Set<string>();
  const broken = new WeakSet<Tool>();

  const whose = (entry: Entry): string => {
    const item = items[entry.from]!;
    return isToolSource(item) ? `the tool "${entry.tool.name}" of ${item.origin ?? 'a tool source'}` : `the app's tool "${entry.tool.name}"`;
  };

  /** Take in every tool as it is now; at start-up a clash or a bad schema throws, later it is warned of and left out. */
  const build = (startUp: boolean): void => {
    const lists = items.map((item) => (isToolSource(item) ? item.tools : [item]));
    const next = new Map<string, Entry>();
    const nextLeftOut = new Set<string>();
    const admit = (tool: Tool, from: number): void => {
      const holder = next.get(tool.name);
      if (holder?.tool === tool) return;
      if (holder) {
        if (startUp) throw new TypeError(`createAgentChat: two tools are named "${tool.name}"`);
        const key = `${from}\u0000${tool.name}`;
        nextLeftOut.add(key);
        if (!leftOut.has(key)) {
          console.warn(`[agent-chat] ${whose({ tool, from })} is not offered: its name is taken by ${whose(holder)}.`);
        }
        return;
      }
      try {
        describe(tool);
      } catch (error) {
        if (startUp) throw error;
        if (!broken.has(tool)) console.warn(`[agent-chat] ${whose({ tool, from })} is not offered: ${(error as Error).message}`);
        broken.add(tool);
        return;
      }
      next.set(tool.name, { tool, from });
    };
    // A name stays with whoever held it: a tool a source adds never takes the place of one already offered.
    lists.forEach((tools, from) => {
      for (const tool of tools) if (byName.get(tool.name)?.from === from && !next.has(tool.name)) admit(tool, from);
    });
    lists.forEach((tools, from) => {
      for (const tool of tools) admit(tool, from);
    });
    byName = next;
    leftOut = nextLeftOut;
    // In the order they were given, whoever claimed their names first.
    current = lists.flat().filter((tool) => next.get(tool.name)?.tool === tool);
  };

  build(true);
  for (const item of items) if (isToolSource(item)) item.subscribe(() => build(false));

  return {
    get: (name) => byName.get(name)?.tool,
    offered(sessionId, context) {
      return current.filter((tool) => {
        try {
          return tool.available ? tool.available({ sessionId, context }) : true;
        } catch {
          // A broken availability rule hides the tool rather than failing the whole turn.
          return false;
        }
      });
    },
    // A tool offered at the start of a step may have left since: what it was described as still stands.
    specFor: (tool) => describe(tool).spec,
    descriptors: () =>
      current.map((tool) => ({
        name: tool.name,
        description: tool.description,
        kind: tool.kind,
        ...(typeof tool.label === 'string' ? { label: tool.label } : {}),
        needsConfirmation:
          typeof tool.needsConfirmation === 'function' ? ('sometimes' as const) : Boolean(tool.needsConfirmation),
        inputSchema: describe(tool).schema,
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
