import type { ThinkingTurn, ToolResultTurn, Turn, UserTurn } from '@agent-chat/protocol';
import { CANCELLED_TOOL_RESULT, EMPTY_TOOL_OUTPUT, toolResultText, userMessageText } from '../turn-text.js';
import { toolResultBlocks } from '../tool-result-content.js';
import type { UploadBytes } from '../model.js';
import { missingUploadText, toBase64, turnUploads } from '../turn-uploads.js';
import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  RedactedThinkingBlockParam,
  TextBlockParam,
  ThinkingBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';

type Role = 'user' | 'assistant';

interface DraftMessage {
  role: Role;
  content: ContentBlockParam[];
}

/**
 * The flat turn list as a Messages API `messages` array that the API accepts whatever the history holds:
 * roles alternate, every `tool_use` is answered in the next user message (by a synthesized "cancelled" result
 * if the run stopped first), `tool_result` blocks come before any text, and no block or message is empty.
 */
export function toAnthropicMessages(turns: readonly Turn[], files?: ReadonlyMap<string, UploadBytes | undefined>): MessageParam[] {
  const messages: DraftMessage[] = [];
  // Calls of the latest assistant message still waiting for a result; only the next user message may answer them.
  let unanswered: string[] = [];
  const toolUseIds = new Set<string>();

  const append = (role: Role, block: ContentBlockParam): void => {
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(block);
    else messages.push({ role, content: [block] });
  };

  const answerRemainingAsCancelled = (): void => {
    for (const id of unanswered) append('user', toolResult(id, CANCELLED_TOOL_RESULT, true));
    unanswered = [];
  };

  const appendAssistant = (block: ContentBlockParam): boolean => {
    // The API requires the first message to be the user's; anything the assistant said before it is dropped.
    if (messages.length === 0) return false;
    // A new assistant message closes the previous one's chance to receive results.
    if (messages.at(-1)?.role === 'user') answerRemainingAsCancelled();
    append('assistant', block);
    return true;
  };

  for (const turn of turns) {
    switch (turn.type) {
      case 'user': {
        // Results must precede the text in a user message, so open calls are settled before the text goes in.
        answerRemainingAsCancelled();
        // The user's files first, then what they said of them (the order Anthropic's docs advise).
        for (const { attachment, file } of turnUploads(turn, files)) {
          append('user', file ? uploadBlock(file) : { type: 'text', text: missingUploadText(attachment) });
        }
        const text = userMessageText(turn);
        if (text !== undefined) append('user', { type: 'text', text });
        break;
      }
      case 'assistant_text':
        if (hasVisibleText(turn.text)) appendAssistant({ type: 'text', text: turn.text });
        break;
      case 'thinking': {
        const block = thinkingBlock(turn);
        if (block) appendAssistant(block);
        break;
      }
      case 'tool_call': {
        const id = toolUseId(turn.toolCallId);
        // A repeated id would be rejected by the API; the first call with it is the one its result answers.
        if (toolUseIds.has(id)) break;
        if (!appendAssistant({ type: 'tool_use', id, name: turn.name, input: toolInput(turn.input) })) break;
        toolUseIds.add(id);
        unanswered.push(id);
        break;
      }
      case 'tool_result': {
        const id = toolUseId(turn.toolCallId);
        const index = unanswered.indexOf(id);
        // A result for a call that is not open (dropped, already answered or cancelled) has nowhere valid to go.
        if (index === -1) break;
        unanswered.splice(index, 1);
        append('user', toolResult(id, toolResultContent(turn, files), turn.isError));
        break;
      }
      case 'status':
      case 'ui':
      case 'error':
        // Shown to the user only; the model never said them and should not be told them as if it had (a surface's
        // messages came from a tool, whose result speaks for them).
        break;
      default:
        turn satisfies never;
    }
  }
  answerRemainingAsCancelled();
  return messages;
}

/** What uploads' types the Messages API reads: images, PDF, and plain text as a document. */
export const ANTHROPIC_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'] as const;

/** An upload as a content block: an image, a PDF document, or a text document (base64 for the binary ones). */
function uploadBlock(file: UploadBytes): ContentBlockParam {
  if (file.mediaType === 'application/pdf') {
    return { type: 'document', title: file.name, source: { type: 'base64', media_type: 'application/pdf', data: toBase64(file.bytes) } };
  }
  if (file.mediaType.startsWith('image/')) {
    const mediaType = file.mediaType as 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
    return { type: 'image', source: { type: 'base64', media_type: mediaType, data: toBase64(file.bytes) } };
  }
  return { type: 'document', title: file.name, source: { type: 'text', media_type: 'text/plain', data: new TextDecoder().decode(file.bytes) } };
}

function thinkingBlock(turn: ThinkingTurn): ThinkingBlockParam | RedactedThinkingBlockParam | undefined {
  if (turn.redacted) return { type: 'redacted_thinking', data: turn.redacted };
  // Unsigned thinking cannot be verified by the API, so it stays display-only.
  if (turn.signature) return { type: 'thinking', thinking: turn.text, signature: turn.signature };
  return undefined;
}

function toolResult(id: string, content: ToolResultBlockParam['content'], isError: boolean): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: id, content, is_error: isError };
}

/**
 * A result's content: its text, or, for a tool that returned images, text and image blocks (a tool_result's content
 * may be a list of them). An image of a type the API does not read would fail the whole request, so it is named instead.
 */
function toolResultContent(turn: ToolResultTurn, files: ReadonlyMap<string, UploadBytes | undefined> | undefined): ToolResultBlockParam['content'] {
  const blocks = toolResultBlocks(turn, files);
  if (!blocks) return toolResultText(turn);
  if (blocks.length === 0) return EMPTY_TOOL_OUTPUT;
  return blocks.map((block): TextBlockParam | ImageBlockParam => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (!(ANTHROPIC_ATTACHMENT_TYPES as readonly string[]).includes(block.mediaType)) return { type: 'text', text: `[image: ${block.mediaType}; not a type the model reads]` };
    return { type: 'image', source: { type: 'base64', media_type: block.mediaType as 'image/png', data: block.data } };
  });
}

/** The API wants a `tool_use` input to be an object; a call recorded with anything else is sent as `{}`. */
function toolInput(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/**
 * Ids from another provider (or a hand-written script) may hold characters the API's `^[a-zA-Z0-9_-]+$` rejects;
 * mapping calls and results through the same function keeps them paired.
 */
function toolUseId(id: string): string {
  const safe = id.replace(/[^a-zA-Z0-9_-]/g, '_');
  return safe === '' ? 'toolu_unnamed' : safe;
}

function hasVisibleText(text: string): boolean {
  return text.trim() !== '';
}
