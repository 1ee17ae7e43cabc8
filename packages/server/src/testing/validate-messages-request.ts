/**
 * The checks the real Messages API makes on a request body before it runs the model, with messages worded like its
 * 400 `invalid_request_error`s. Returns the first problem's message, or undefined when the body would be accepted.
 * Pure, so tests can check a converted history without a server.
 */
export function validateMessagesRequest(body: unknown): string | undefined {
  if (!isRecord(body)) return 'Request body must be a JSON object.';
  return (
    checkTopLevel(body) ??
    checkTools(body['tools']) ??
    checkSystem(body['system']) ??
    checkThinking(body) ??
    checkMessages(body['messages'])
  );
}

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const TOOL_USE_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;
const BLOCK_TYPES = ['text', 'image', 'document', 'thinking', 'redacted_thinking', 'tool_use', 'tool_result'];

function checkTopLevel(body: Record<string, unknown>): string | undefined {
  if (typeof body['model'] !== 'string' || body['model'] === '') return 'model: Field required';
  const maxTokens = body['max_tokens'];
  if (maxTokens === undefined) return 'max_tokens: Field required';
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens)) return 'max_tokens: Input should be a valid integer';
  if (maxTokens < 1) return 'max_tokens: Input should be greater than or equal to 1';
  const temperature = body['temperature'];
  if (temperature !== undefined) {
    if (typeof temperature !== 'number') return 'temperature: Input should be a valid number';
    if (temperature < 0 || temperature > 1) return 'temperature: Input should be between 0 and 1';
  }
  if (body['stream'] !== undefined && typeof body['stream'] !== 'boolean') return 'stream: Input should be a valid boolean';
  return undefined;
}

function checkTools(tools: unknown): string | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  const names = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    const at = `tools.${index}`;
    if (!isRecord(tool)) return `${at}: Input should be a valid dictionary`;
    const name = tool['name'];
    if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
      return `${at}.name: String should match pattern '${TOOL_NAME_PATTERN.source}'`;
    }
    if (names.has(name)) return `tools: Tool names must be unique (\`${name}\` appears more than once).`;
    names.add(name);
    if (tool['description'] !== undefined && typeof tool['description'] !== 'string') return `${at}.description: Input should be a valid string`;
    const schema = tool['input_schema'];
    if (!isRecord(schema)) return `${at}.input_schema: Field required`;
    if (schema['type'] !== 'object') return `${at}.input_schema.type: Input should be 'object'`;
  }
  return undefined;
}

function checkSystem(system: unknown): string | undefined {
  if (system === undefined || typeof system === 'string') return undefined;
  if (!Array.isArray(system)) return 'system: Input should be a valid string or list of text blocks';
  for (const [index, block] of system.entries()) {
    if (!isRecord(block) || block['type'] !== 'text') return `system.${index}.type: Input should be 'text'`;
    const problem = checkText(block['text'], `system.${index}.text`);
    if (problem) return problem;
  }
  return undefined;
}

function checkThinking(body: Record<string, unknown>): string | undefined {
  const thinking = body['thinking'];
  if (thinking === undefined) return undefined;
  if (!isRecord(thinking)) return 'thinking: Input should be a valid dictionary';
  if (thinking['type'] === 'disabled' || thinking['type'] === 'adaptive') return undefined;
  if (thinking['type'] !== 'enabled') return "thinking.type: Input should be 'enabled', 'disabled' or 'adaptive'";
  const budget = thinking['budget_tokens'];
  if (typeof budget !== 'number' || !Number.isInteger(budget)) return 'thinking.enabled.budget_tokens: Field required';
  if (budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (typeof body['max_tokens'] === 'number' && budget >= body['max_tokens']) {
    return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  }
  if (body['temperature'] !== undefined && body['temperature'] !== 1) {
    return '`temperature` may only be set to 1 when thinking is enabled.';
  }
  return undefined;
}

function checkMessages(messages: unknown): string | undefined {
  if (messages === undefined) return 'messages: Field required';
  if (!Array.isArray(messages)) return 'messages: Input should be a valid list';
  if (messages.length === 0) return 'messages: at least one message is required';

  const toolUseIds = new Set<string>();
  let previousRole: unknown;
  let previousToolUses: string[] = [];
  for (const [index, message] of messages.entries()) {
    const at = `messages.${index}`;
    if (!isRecord(message)) return `${at}: Input should be a valid dictionary`;
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant') return `${at}.role: Input should be 'user' or 'assistant'`;
    if (index === 0 && role !== 'user') return 'messages: first message must use the "user" role';
    if (role === previousRole) {
      return `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;
    }

    const blocks = contentBlocks(message['content']);
    if (typeof blocks === 'string') return `${at}.content: ${blocks}`;
    const problem = checkBlocks(blocks, role, at, toolUseIds);
    if (problem) return problem;

    const results = blocks.filter((block) => block['type'] === 'tool_result').map((block) => String(block['tool_use_id']));
    if (role === 'user') {
      const unexpected = results.filter((id) => !previousToolUses.includes(id));
      if (unexpected.length) {
        return (
          `${at}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(', ')}. ` +
          'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.'
        );
      }
      const missing = previousToolUses.filter((id) => !results.includes(id));
      if (missing.length) return unansweredToolUses(index - 1, missing);
    }

    previousToolUses = role === 'assistant' ? blocks.filter((block) => block['type'] === 'tool_use').map((block) => String(block['id'])) : [];
    previousRole = role;
  }
  if (previousToolUses.length) return unansweredToolUses(messages.length - 1, previousToolUses);
  return undefined;
}

function unansweredToolUses(index: number, ids: string[]): string {
  return (
    `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids.join(', ')}. ` +
    'Each `tool_use` block must have a corresponding `tool_result` block in the next message.'
  );
}

/** The message's content as blocks, or the reason it is unacceptable. */
function contentBlocks(content: unknown): Record<string, unknown>[] | string {
  if (typeof content === 'string') {
    if (content === '') return 'all messages must have non-empty content';
    return [{ type: 'text', text: content }];
  }
  if (!Array.isArray(content)) return 'Input should be a valid string or list of content blocks';
  if (content.length === 0) return 'all messages must have non-empty content';
  const blocks: Record<string, unknown>[] = [];
  for (const [index, block] of content.entries()) {
    if (!isRecord(block)) return `${index}: Input should be a valid dictionary`;
    blocks.push(block);
  }
  return blocks;
}

function checkBlocks(blocks: Record<string, unknown>[], role: 'user' | 'assistant', at: string, toolUseIds: Set<string>): string | undefined {
  const resultIds = new Set<string>();
  let seenOtherThanResult = false;
  for (const [index, block] of blocks.entries()) {
    const where = `${at}.content.${index}`;
    const type = block['type'];
    if (typeof type !== 'string' || !BLOCK_TYPES.includes(type)) {
      return `${where}: Input tag '${String(type)}' found using 'type' does not match any of the expected tags`;
    }
    const problem = checkBlock(block, type, role, where, toolUseIds, resultIds);
    if (problem) return problem;
    if (type === 'tool_result') {
      if (seenOtherThanResult) return `${where}: \`tool_result\` blocks must come before any other content in a user message.`;
    } else {
      seenOtherThanResult = true;
    }
  }
  return undefined;
}

function checkBlock(
  block: Record<string, unknown>,
  type: string,
  role: 'user' | 'assistant',
  where: string,
  toolUseIds: Set<string>,
  resultIds: Set<string>,
): string | undefined {
  switch (type) {
    case 'text':
      return checkText(block['text'], `${where}.text`);
    case 'thinking':
      if (role !== 'assistant') return `${where}: \`thinking\` blocks may only appear in assistant messages.`;
      if (typeof block['thinking'] !== 'string') return `${where}.thinking: Field required`;
      if (typeof block['signature'] !== 'string' || block['signature'] === '') return `${where}.signature: Field required`;
      return undefined;
    case 'redacted_thinking':
      if (role !== 'assistant') return `${where}: \`redacted_thinking\` blocks may only appear in assistant messages.`;
      if (typeof block['data'] !== 'string' || block['data'] === '') return `${where}.data: Field required`;
      return undefined;
    case 'tool_use': {
      if (role !== 'assistant') return `${where}: \`tool_use\` blocks may only appear in assistant messages.`;
      const id = block['id'];
      if (typeof id !== 'string' || !TOOL_USE_ID_PATTERN.test(id)) return `${where}.id: String should match pattern '${TOOL_USE_ID_PATTERN.source}'`;
      if (toolUseIds.has(id)) return `${where}: \`tool_use\` ids must be unique; found \`${id}\` more than once.`;
      toolUseIds.add(id);
      if (typeof block['name'] !== 'string' || block['name'] === '') return `${where}.name: Field required`;
      if (!isRecord(block['input'])) return `${where}.input: Input should be a valid dictionary`;
      return undefined;
    }
    case 'tool_result': {
      if (role !== 'user') return `${where}: \`tool_result\` blocks may only appear in user messages.`;
      const id = block['tool_use_id'];
      if (typeof id !== 'string' || id === '') return `${where}.tool_use_id: Field required`;
      if (resultIds.has(id)) return `${where}: each \`tool_use\` may only have one \`tool_result\`; found \`${id}\` twice.`;
      resultIds.add(id);
      if (block['is_error'] !== undefined && typeof block['is_error'] !== 'boolean') return `${where}.is_error: Input should be a valid boolean`;
      return checkResultContent(block['content'], `${where}.content`);
    }
    default:
      // Images and documents are accepted without looking inside; nothing here sends them.
      return undefined;
  }
}

function checkResultContent(content: unknown, where: string): string | undefined {
  if (content === undefined || typeof content === 'string') return undefined;
  if (!Array.isArray(content)) return `${where}: Input should be a valid string or list of content blocks`;
  for (const [index, block] of content.entries()) {
    if (!isRecord(block)) return `${where}.${index}: Input should be a valid dictionary`;
    if (block['type'] === 'text') {
      const problem = checkText(block['text'], `${where}.${index}.text`);
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkText(text: unknown, where: string): string | undefined {
  if (typeof text !== 'string') return `${where}: Field required`;
  // The API names the top-level field, not the block, in these two.
  const field = where.split('.')[0];
  if (text === '') return `${field}: text content blocks must be non-empty`;
  if (text.trim() === '') return `${field}: text content blocks must contain non-whitespace text`;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
