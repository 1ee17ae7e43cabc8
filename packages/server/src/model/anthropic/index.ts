export { anthropicModel, DEFAULT_MAX_TOKENS, type AnthropicModelOptions } from './anthropic-model.js';
export { toAnthropicMessages } from './to-anthropic-messages.js';
export { toAnthropicTools } from './to-anthropic-tools.js';
export { CANCELLED_TOOL_RESULT } from '../turn-text.js';
