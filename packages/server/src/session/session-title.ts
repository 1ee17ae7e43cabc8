import type { Turn } from '@agent-chat/protocol';
import type { Model } from '../model/model.js';
import { untilIdle } from '../run/idle-timeout.js';
import type { SessionRecord } from './session-record.js';

/** The first exchange of a conversation, for a title made by the host. */
export interface TitleExchange {
  sessionId: string;
  /** The first message. */
  text: string;
  /** The agent's text in answer to it. */
  reply: string;
}

/** The `titles` option: the first words, the model, or the host's own function. */
export type TitleOption = 'words' | 'model' | ((exchange: TitleExchange) => string | Promise<string>);

/** The most words a title made from the first message keeps, and its most characters. */
const TITLE_WORDS = 8;
const TITLE_CHARS = 60;
/** The longest title kept from the model or the host's function (PATCH /sessions/:id takes as much). */
const MAX_TITLE_CHARS = 200;

const TITLE_PROMPT =
  'You name conversations for a list of past chats. Answer with a title of at most six words for the conversation below, in its language: no quotes, no final period, nothing else.';

export function checkTitles(titles: TitleOption | undefined): TitleOption {
  if (titles === undefined) return 'words';
  if (titles === 'words' || titles === 'model' || typeof titles === 'function') return titles;
  throw new TypeError(`createAgentChat: titles must be 'words', 'model' or a function (got ${JSON.stringify(titles)})`);
}

/**
 * A conversation's title from its first message: its first words on one line, cut with an ellipsis when longer.
 * Deterministic, so a scripted server titles the same way every time.
 */
export function titleFromText(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let title = words.slice(0, TITLE_WORDS).join(' ');
  if (title.length > TITLE_CHARS) title = `${title.slice(0, TITLE_CHARS).replace(/\s+\S*$/, '') || title.slice(0, TITLE_CHARS)}…`;
  else if (words.length > TITLE_WORDS) title += '…';
  return title;
}

/**
 * After the first reply, the better title the `titles` option asks for (the model's, or the host's), in place of the
 * first words; said once and left as it was when it fails or comes back empty. `userTurnId` is the first message.
 */
export async function titleFirstExchange(
  titles: TitleOption,
  deps: { model: Model; modelIdleTimeoutMs: number },
  session: SessionRecord,
  userTurnId: string,
  signal: AbortSignal,
): Promise<void> {
  if (titles === 'words' || signal.aborted) return;
  const at = session.turns.findIndex((turn) => turn.id === userTurnId);
  const first = session.turns[at];
  if (first?.type !== 'user') return;
  const reply = session.turns
    .slice(at + 1)
    .flatMap((turn) => (turn.type === 'assistant_text' ? [turn.text] : []))
    .join('\n')
    .trim();
  if (!reply) return;
  try {
    const exchange = { sessionId: session.id, text: first.text, reply };
    const title = typeof titles === 'function' ? await titles(exchange) : await askModel(deps, exchange, signal);
    const line = title.replace(/\s+/g, ' ').trim().replace(/^["'“«]+|["'”»]+$/g, '').slice(0, MAX_TITLE_CHARS);
    if (line) session.title = line;
  } catch (error) {
    console.warn('[agent-chat] could not title the conversation, kept its first words:', error);
  }
}

async function askModel(deps: { model: Model; modelIdleTimeoutMs: number }, exchange: TitleExchange, signal: AbortSignal): Promise<string> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    // One user message holding the exchange: every provider takes it, and the model sees no tools to call.
    const question: Turn = { id: 'title', createdAt: Date.now(), type: 'user', text: `User: ${exchange.text}\n\nAssistant: ${exchange.reply}` };
    let title = '';
    const events = deps.model.stream({ system: TITLE_PROMPT, turns: [question], tools: [], signal: controller.signal });
    for await (const event of untilIdle(events, deps.modelIdleTimeoutMs, stop)) {
      if (event.type === 'text_delta') title += event.text;
      if (title.length > MAX_TITLE_CHARS * 2) break;
    }
    return title;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
