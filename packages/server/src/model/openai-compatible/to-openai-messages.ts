import type { ToolResultTurn, Turn, UserTurn } from '@agent-chat/protocol';
import { CANCELLED_TOOL_RESULT, toolResultText, userMessageText } from '../turn-text.js';
import type { ChatMessage, ChatToolCall, ChatUserPart } from './chat-completions-types.js';
import type { UploadBytes } from '../model.js';
import { missingUploadText, toBase64, turnUploads } from '../turn-uploads.js';
import { toolResultBlocks } from '../tool-result-content.js';
import { typeAccepted } from '../../uploads/sniff-type.js';
import { outgoingToolCallIds } from './tool-call-id.js';

/** Put before a failed tool's output: a `tool` message has no error flag, so the text has to say it. */
export const TOOL_ERROR_PREFIX = 'Error: ';

interface OpenAssistant {
  texts: string[];
  calls: ChatToolCall[];
  /** Calls of this message still waiting for a result, in call order. */
  unanswered: string[];
  /** Tool messages answering this message's calls, in the order the results came. */
  results: ChatMessage[];
  /** The images those results returned, for a user message after them: a tool message takes text only. */
  images: ChatUserPart[];
}

/**
 * The system prompt and the flat turn list as a Chat Completions `messages` array that the API accepts whatever
 * the history holds: the text and calls of one response form one assistant message, every call is answered by a
 * `tool` message right after it (a synthesized "cancelled" one if the run stopped first), no message is empty,
 * and thinking, status and error turns are left out (the API has no place for the first, and the model never
 * said the others).
 */
export async function toOpenAIMessages(
  system: string,
  turns: readonly Turn[],
  files?: ReadonlyMap<string, UploadBytes | undefined>,
  /** What the model reads (OpenAICompatibleModelOptions.attachmentTypes): a tool's images of other types are not sent. */
  readTypes: readonly string[] = OPENAI_ATTACHMENT_TYPES,
): Promise<ChatMessage[]> {
  const outgoingToolCallId = await outgoingToolCallIds(turns.flatMap((turn) => (turn.type === 'tool_call' || turn.type === 'tool_result' ? [turn.toolCallId] : [])));
  const messages: ChatMessage[] = [];
  // An empty system prompt is better left out than sent as an empty message.
  if (system.trim() !== '') messages.push({ role: 'system', content: system });

  let open: OpenAssistant | undefined;
  const usedIds = new Set<string>();

  const closeAssistant = (): void => {
    if (!open) return;
    const { texts, calls, unanswered, results, images } = open;
    open = undefined;
    if (texts.length === 0 && calls.length === 0) return;
    // The loop starts a new text turn after thinking or a call; as one message, the pieces read as paragraphs.
    const text = texts.join('\n\n');
    if (calls.length === 0) messages.push({ role: 'assistant', content: text });
    else messages.push({ role: 'assistant', content: text === '' ? null : text, tool_calls: calls });
    messages.push(...results);
    for (const id of unanswered) messages.push({ role: 'tool', tool_call_id: id, content: errorContent(CANCELLED_TOOL_RESULT) });
    if (images.length) messages.push({ role: 'user', content: images });
  };

  /** The assistant message that text or a call goes into: the open one, unless results have already started. */
  const assistant = (): OpenAssistant => {
    // Text or a call after a result belongs to the next response, so the previous message is complete.
    if (open && open.results.length > 0) closeAssistant();
    open ??= { texts: [], calls: [], unanswered: [], results: [], images: [] };
    return open;
  };

  for (const turn of turns) {
    switch (turn.type) {
      case 'user': {
        closeAssistant();
        const text = userMessageText(turn);
        const uploads = turnUploads(turn, files);
        // With files the content is a list of parts (the text first, then each file); without, plain text as before.
        if (uploads.length) {
          const parts: ChatUserPart[] = text === undefined ? [] : [{ type: 'text', text }];
          for (const { attachment, file } of uploads) parts.push(file ? uploadPart(file) : { type: 'text', text: missingUploadText(attachment) });
          messages.push({ role: 'user', content: parts });
        } else if (text !== undefined) messages.push({ role: 'user', content: text });
        break;
      }
      case 'assistant_text':
        if (turn.text.trim() !== '') assistant().texts.push(turn.text);
        break;
      case 'tool_call': {
        const id = outgoingToolCallId(turn.toolCallId);
        // A repeated id would leave its results ambiguous; the first call with it is the one its result answers.
        if (usedIds.has(id)) break;
        usedIds.add(id);
        const message = assistant();
        message.calls.push({ id, type: 'function', function: { name: turn.name, arguments: toArguments(turn.input) } });
        message.unanswered.push(id);
        break;
      }
      case 'tool_result': {
        const id = outgoingToolCallId(turn.toolCallId);
        const index = open?.unanswered.indexOf(id) ?? -1;
        // A result for a call that is not open (dropped, already answered or cancelled) has nowhere valid to go.
        if (!open || index === -1) break;
        open.unanswered.splice(index, 1);
        open.results.push({ role: 'tool', tool_call_id: id, content: resultContent(turn) });
        open.images.push(...resultImages(turn, id, files, readTypes));
        break;
      }
      case 'thinking':
      case 'status':
      case 'ui':
      case 'error':
        break;
      default:
        turn satisfies never;
    }
  }
  closeAssistant();
  return messages;
}

/**
 * What uploads' types Chat Completions reads as parts: images (`image_url`), and plain text, sent as a text part.
 * PDF has no part every compatible server takes, so a model here refuses it before the run.
 */
export const OPENAI_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain'] as const;

function uploadPart(file: UploadBytes): ChatUserPart {
  if (file.mediaType.startsWith('image/')) return { type: 'image_url', image_url: { url: `data:${file.mediaType};base64,${toBase64(file.bytes)}` } };
  return { type: 'text', text: `<file name="${file.name.replace(/"/g, "'")}">\n${new TextDecoder().decode(file.bytes)}\n</file>` };
}

/** `arguments` is JSON text; a call recorded without input is sent as `{}`, which every server parses. */
function toArguments(input: unknown): string {
  if (input === undefined) return '{}';
  try {
    return JSON.stringify(input) ?? '{}';
  } catch {
    return '{}';
  }
}

/**
 * The images a result returned, as parts of the user message that follows the tool messages (Chat Completions takes
 * text only in a tool message; a user message is where every vision model reads images), introduced by a line that
 * ties them to their call. None for a result without images.
 */
function resultImages(turn: ToolResultTurn, id: string, files: ReadonlyMap<string, UploadBytes | undefined> | undefined, readTypes: readonly string[]): ChatUserPart[] {
  const images = (toolResultBlocks(turn, files) ?? []).flatMap((block) => (block.type === 'image' && typeAccepted(block.mediaType, readTypes) ? [block] : []));
  if (!images.length) return [];
  const intro = `[The ${images.length === 1 ? 'image' : `${images.length} images`} that the ${turn.name ?? 'tool'} call ${id} returned, which its result names:]`;
  return [{ type: 'text', text: intro }, ...images.map((image): ChatUserPart => ({ type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${image.data}` } }))];
}

function resultContent(turn: ToolResultTurn): string {
  const content = toolResultText(turn);
  return turn.isError ? errorContent(content) : content;
}

function errorContent(content: string): string {
  // Outputs that already say so are not told twice.
  return /^error\b/i.test(content) ? content : `${TOOL_ERROR_PREFIX}${content}`;
}

