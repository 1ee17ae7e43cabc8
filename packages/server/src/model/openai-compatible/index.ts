export { openAICompatibleModel, DEFAULT_OPENAI_BASE_URL, type OpenAICompatibleModelOptions } from './openai-compatible-model.js';
export { toOpenAIMessages, TOOL_ERROR_PREFIX } from './to-openai-messages.js';
export { toOpenAITools } from './to-openai-tools.js';
export { CANCELLED_TOOL_RESULT } from '../turn-text.js';
