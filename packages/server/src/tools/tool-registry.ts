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
