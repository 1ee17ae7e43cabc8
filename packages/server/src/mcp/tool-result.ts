import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import { toolContent, type ToolContent, type ToolContentPart } from '../tools/tool-content.js';

/**
 * An MCP tool's result as the agent's tool result: its text, or, when it holds images (image content, or an
 * embedded resource whose blob is an image), text and image parts (`toolContent`), which the model sees as images.
 * Audio and other binary content are named in a note rather than sent: the agent knows they were there, what they
 * were, and that it did not get them, instead of reading kilobytes of base64.
 */
export function toolResultOutput(result: CallToolResult): string | ToolContent {
  const parts = result.content.map(contentPart);
  if (!parts.some((part) => part.type === 'image')) return toolResultText(result);
  return toolContent(parts.filter((part) => part.type === 'image' || part.text !== ''));
}

/** An MCP tool's result as text only (an error's words): images named in a note, as other binary content is. */
export function toolResultText(result: CallToolResult): string {
  const parts = result.content.map((block) => {
    const part = contentPart(block);
    return part.type === 'text' ? part.text : `[image: ${part.mediaType}, ${sizeOf(part.data as string)}; not shown to the model]`;
  });
  const texts = parts.filter((part) => part !== '');
  // Structured output is meant to be repeated in a text block; when a server sent only the structure, that is the result.
  if (texts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return texts.join('\n\n');
}

function contentPart(block: ContentBlock): ToolContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', mediaType: block.mimeType, data: block.data };
    case 'audio':
      return note(`[audio: ${block.mimeType}, ${sizeOf(block.data)}; not passed to the model]`);
    case 'resource_link':
      return note(`[resource: ${block.name}${block.title ? ` (${block.title})` : ''} at ${block.uri}${block.mimeType ? `, ${block.mimeType}` : ''}]`);
    case 'resource': {
      const { resource } = block;
      if ('text' in resource) return note(`[resource ${resource.uri}]\n${resource.text}`);
      if (resource.mimeType?.startsWith('image/')) return { type: 'image', mediaType: resource.mimeType, data: resource.blob };
      return note(`[resource: ${resource.uri}${resource.mimeType ? `, ${resource.mimeType}` : ''}, ${sizeOf(resource.blob)}; not passed to the model]`);
    }
    default:
      return note(`[${(block as { type: string }).type} content; not passed to the model]`);
  }
}

function note(text: string): ToolContentPart {
  return { type: 'text', text };
}

/** The decoded size of base64 data, for people and models to judge what they missed. */
function sizeOf(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
