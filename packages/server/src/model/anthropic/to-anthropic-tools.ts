import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { ModelError, type ModelToolSpec } from '../model.js';

/** The loop's tool specs as the Messages API's `tools` parameter. */
export function toAnthropicTools(tools: readonly ModelToolSpec[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: toInputSchema(tool),
  }));
}

function toInputSchema(tool: ModelToolSpec): Tool.InputSchema {
  // The draft marker that JSON Schema generators add tells the model nothing; the API reads the schema itself.
  const { $schema: _draft, ...schema } = tool.inputSchema;
  if (schema['type'] !== undefined && schema['type'] !== 'object') {
    // The API only takes object inputs; failing here names the tool instead of a bare 400 about `tools.N`.
    throw new ModelError(`Tool "${tool.name}" has a ${String(schema['type'])} input; Anthropic tools need an object input schema.`, {
      code: 'invalid_tool_schema',
    });
  }
  return { ...schema, type: 'object' };
}
