import { ModelError, type ModelToolSpec } from '../model.js';
import type { ChatTool } from './chat-completions-types.js';

/** The loop's tool specs as the Chat Completions `tools` parameter. */
export function toOpenAITools(tools: readonly ModelToolSpec[]): ChatTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: toParameters(tool) },
  }));
}

function toParameters(tool: ModelToolSpec): Record<string, unknown> {
  // The draft marker JSON Schema generators add tells the model nothing, and strict servers reject unknown keys.
  const { $schema: _draft, ...schema } = tool.inputSchema;
  if (schema['type'] !== undefined && schema['type'] !== 'object') {
    // OpenAI only takes object parameters; failing here names the tool instead of a bare 400 about `tools[N]`.
    throw new ModelError(`Tool "${tool.name}" has a ${String(schema['type'])} input; function tools need an object input schema.`, {
      code: 'invalid_tool_schema',
    });
  }
  return { ...schema, type: 'object' };
}
