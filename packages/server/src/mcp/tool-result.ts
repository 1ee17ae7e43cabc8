import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * An MCP tool's result as the text the agent reads. The model adapters pass a tool result to the model as text, so
 * an image (or audio, or a binary resource) is named in a note rather than sent: the agent knows it was there, what
 * it was, and that it did not see it, instead of reading kilobytes of base64.
 */
export function toolResultText(result: CallToolResult): string {
  const parts = result.content.map(contentText).filter((part) => part !== '');
  // Structured output is meant to be repeated in a text block; when a server sent only the structure, that is the result.
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n\n');
}

function contentText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image: ${block.mimeType}, ${sizeOf(block.data)}; not shown to the model]`;
    case 'audio':
      return `[audio: ${block.mimeType}, ${sizeOf(block.data)}; not passed to the model]`;
    case 'resource_link':
      return `[resource: ${block.name}${block.title ? ` (${block.title})` : ''} at ${block.uri}${block.mimeType ? `, ${block.mimeType}` : ''}]`;
    case 'resource': {
      const { resource } = block;
      if ('text' in resource) return `[resource ${resource.uri}]\n${resource.text}`;
      return `[resource: ${resource.uri}${resource.mimeType ? `, ${resource.mimeType}` : ''}, ${sizeOf(resource.blob)}; not passed to the model]`;
    }
    default:
      return `[${(block as { type: string }).type} content; not passed to the model]`;
  }
}

/** The decoded size of base64 data, for people and models to judge what they missed. */
function sizeOf(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
