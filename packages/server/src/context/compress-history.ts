import type { Turn, UserTurn } from '@agent-chat/protocol';
import { actionText } from '../model/turn-text.js';

export interface CompressionPolicy {
  /** Compress when the history's estimated size passes this many tokens. Default 60 000. */
  maxTokens: number;
  /** How many of the latest user messages (with everything after them) stay in full. Default 4. */
  keepLastMessages: number;
  /** How much of each older text the default summary keeps. Default 200 characters. */
  excerptChars: number;
  /** Replace the default extractive summary (e.g. ask a small model); gets the turns being compressed. */
  summarize?: (turns: readonly Turn[]) => string | Promise<string>;
}

export const DEFAULT_COMPRESSION: CompressionPolicy = { maxTokens: 60_000, keepLastMessages: 4, excerptChars: 200 };

/** Each turn's size as JSON, measured once: a written turn never changes, so a long history is not re-serialized every step. */
const measured = new WeakMap<Turn, number>();

function sizeOf(turn: Turn): number {
  let chars = measured.get(turn);
  if (chars === undefined) {
    chars = JSON.stringify(turn).length;
    // A turn still growing (the text streaming now) is measured again next time.
    if (Object.isFrozen(turn)) measured.set(turn, chars);
  }
  return chars;
}

/** A rough token count (4 characters a token): enough to decide when to compress, with no tokenizer to ship. */
export function estimateTokens(turns: readonly Turn[]): number {
  let chars = 0;
  // A surface's messages are never sent to the model (the call that drew them is): they take none of its context.
  for (const turn of turns) if (turn.type !== 'ui') chars += sizeOf(turn);
  return Math.ceil(chars / 4);
}

/**
 * What the model sees of a long conversation (seed 004's context compression): the latest messages in full and
 * the older part folded into one summary message. Every error result is kept word for word, so the agent does not
 * repeat a mistake it already made. The stored history is never changed; only the request is.
 */
export async function compressHistory(turns: readonly Turn[], policy: CompressionPolicy): Promise<readonly Turn[]> {
  if (estimateTokens(turns) <= policy.maxTokens) return turns;
  const userIndexes = turns.flatMap((turn, index) => (turn.type === 'user' ? [index] : []));
  const cut = userIndexes.at(-policy.keepLastMessages);
  if (cut === undefined || cut === 0) return turns;
  const older = turns.slice(0, cut);
  const text = await summaryOf(older, policy);
  const summary: UserTurn = {
    type: 'user',
    id: `summary_${older.at(-1)!.id}`,
    createdAt: older.at(-1)!.createdAt,
    text: `[Summary of the earlier conversation, compressed to save context]\n${text}`,
  };
  return [summary, ...turns.slice(cut)];
}

/**
 * Summaries already made, by policy and by the last turn they cover. A history only grows (a written turn is never
 * changed in place), so the turns up to a given turn object are always the same: the summary of a long history is
 * made once per cut, not at every model step — and a `summarize` that calls a model is called once, not every step.
 */
const summaries = new WeakMap<CompressionPolicy, WeakMap<Turn, Promise<string>>>();

function summaryOf(older: readonly Turn[], policy: CompressionPolicy): Promise<string> {
  const last = older.at(-1)!;
  let byTurn = summaries.get(policy);
  if (!byTurn) summaries.set(policy, (byTurn = new WeakMap()));
  let summary = byTurn.get(last);
  if (!summary) {
    summary = Promise.resolve(policy.summarize ? policy.summarize(older) : extractiveSummary(older, policy.excerptChars));
    // Only a finished turn is a stable key; a failed summary is tried again next time.
    if (Object.isFrozen(last)) byTurn.set(last, summary);
    summary.catch(() => byTurn!.delete(last));
  }
  return summary;
}

function extractiveSummary(turns: readonly Turn[], chars: number): string {
  const cut = (text: string) => (text.length > chars ? `${text.slice(0, chars)}…` : text).replace(/\s+/g, ' ');
  const lines: string[] = [];
  for (const turn of turns) {
    switch (turn.type) {
      case 'user':
        // An act on a surface has no text: it is told as the model was told it.
        lines.push(`User: ${cut(turn.action ? actionText(turn.action, turn.text) : turn.text)}`);
        break;
      case 'assistant_text':
        lines.push(`Assistant: ${cut(turn.text)}`);
        break;
      case 'tool_call':
        lines.push(`Tool call ${turn.name}(${cut(JSON.stringify(turn.input ?? {}))})`);
        break;
      case 'tool_result': {
        const output = typeof turn.output === 'string' ? turn.output : JSON.stringify(turn.output);
        lines.push(turn.isError ? `Tool error (${turn.name ?? 'tool'}), kept in full: ${output}` : `Tool result: ${cut(output ?? '')}`);
        break;
      }
      default:
        break; // Thinking, status and error lines are not part of what the model needs to remember.
    }
  }
  return lines.join('\n');
}
