import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import { toolContent, type ToolContent, type ToolContentPart } from '../tools/tool-content.js';
import { structuredText } from './structured-result.js';

/** What the model is told when everything the tool returned was for the user. */
export const SHOWN_TO_USER_ONLY = '[The result was shown to the user and not passed to the model.]';

/**
 * An MCP tool's result as the agent's tool result.
 * - The model reads the content meant for it: text; images as images (image content, or an embedded resource whose
 *   blob is an image, through `toolContent`); a resource link's name, title, description, URI and type; an embedded
 *   text resource's URI and text; other binary content (audio, a PDF, …) named in a note with its type and size,
 *   rather than kilobytes of base64. Then `structuredContent`, as JSON, unless a text block already said the same JSON.
 * - Content annotated for the user only (`annotations.audience: ["user"]`) is not sent to the model: it is the result's
 *   `display` parts, stored with it and drawn in its step. Content for the assistant only is sent like the rest.
 */
export function toolResultOutput(result: CallToolResult): string | ToolContent {
  const forModel = result.content.filter((block) => !forUserOnly(block));
  const display = result.content.filter(forUserOnly).map(contentPart);
  const parts = forModel.map(contentPart).filter((part) => part.type === 'image' || part.text !== '');
  if (result.structuredContent !== undefined) {
    const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    const json = structuredText(result.structuredContent, texts);
    if (json !== undefined) parts.push({ type: 'text', text: json });
  }
  if (parts.length === 0 && display.length > 0) parts.push({ type: 'text', text: SHOWN_TO_USER_ONLY });
  if (display.length > 0) return toolContent(parts, { display });
  if (!parts.some((part) => part.type === 'image')) return parts.map((part) => (part as { text: string }).text).join('\n\n');
  return toolContent(parts);
}

/** An MCP tool's error result as text (the error's words): user-only content left out, images named in a note. */
export function toolResultText(result: CallToolResult): string {
  const texts = result.content
    .filter((block) => !forUserOnly(block))
    .map((block) => {
      const part = contentPart(block);
      return part.type === 'text' ? part.text : `[image: ${part.mediaType}, ${sizeOf(part.data as string)}; not shown to the model]`;
    })
    .filter((text) => text !== '');
  // Structured output is meant to be repeated in a text block; when a server sent only the structure, that is the result.
  if (texts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return texts.join('\n\n');
}

/** Content whose audience is exactly the user (MCP 2025-11-25 annotations): for people, not for the model. */
function forUserOnly(block: ContentBlock): boolean {
  const audience = (block as { annotations?: { audience?: readonly string[] } }).annotations?.audience;
  return audience?.length === 1 && audience[0] === 'user';
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
      return note(resourceLinkText(block));
    case 'resource': {
      const { resource } = block;
      if ('text' in resource) return note(`[resource: ${resource.uri}${resource.mimeType ? `, ${resource.mimeType}` : ''}]\n${resource.text}`);
      if (resource.mimeType?.startsWith('image/')) return { type: 'image', mediaType: resource.mimeType, data: resource.blob };
      return note(`[resource: ${resource.uri}${resource.mimeType ? `, ${resource.mimeType}` : ''}, ${sizeOf(resource.blob)}; its bytes not passed to the model]`);
    }
    default:
      return note(`[${(block as { type: string }).type} content; not passed to the model]`);
  }
}

/** A link to a resource the server did not send: everything it says of it, so the model can name it or ask for it. */
function resourceLinkText(link: Extract<ContentBlock, { type: 'resource_link' }>): string {
  const lines = [`[resource link: ${link.name}${link.title && link.title !== link.name ? ` (${link.title})` : ''}]`, `uri: ${link.uri}`];
  if (link.mimeType) lines.push(`type: ${link.mimeType}`);
  if (typeof link.size === 'number') lines.push(`size: ${sizeText(link.size)}`);
  if (link.description) lines.push(`description: ${link.description}`);
  return lines.join('\n');
}

function note(text: string): ToolContentPart {
  return { type: 'text', text };
}

/** The decoded size of base64 data, for people and models to judge what they missed. */
function sizeOf(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return sizeText(Math.max(0, Math.floor((base64.length * 3) / 4) - padding));
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
