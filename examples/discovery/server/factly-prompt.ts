import type { Context } from '@agent-chat/protocol';
import { boardFromContext, relationshipOverview } from './board-context.js';

/** Seed 003's `CHAT_CONTEXT_THRESHOLD`: above this many items the board reaches the model summarized. */
export function contextThreshold(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.CHAT_CONTEXT_THRESHOLD);
  return Number.isInteger(value) && value > 0 ? value : 50;
}

/**
 * Seed 003's system prompt. The items themselves follow it, added by the SDK from the page context (in full, or
 * summarized above the threshold); what a summary lacks and the seed asks for, the relationship overview, is added here.
 */
export function factlyPrompt(context: Context | undefined, threshold: number): string {
  const title = typeof context?.discovery === 'string' ? context.discovery : 'Untitled discovery';
  const goal = typeof context?.goal === 'string' ? context.goal : '(no goal set)';
  const board = boardFromContext(context);
  const lines = [
    'You are Factly, an AI research assistant helping an analyst work on a Discovery session.',
    '',
    'The Discovery pipeline follows this chain: Input → Fact → Insight → Recommendation → Output.',
    '',
    'Your role:',
    '- Answer questions about the Discovery using the provided context.',
    '- When the analyst asks to add, delete, or edit items, use the appropriate tool. If the item they name is not on the board, say so at once and propose nothing; an edit or delete of such an item comes back as an error.',
    '- Proactively identify gaps, missing connections, and suggest improvements when asked.',
    '- Always reference items by their IDs in square brackets (e.g., [F-1], [I-1], [N-1], [R-1], [O-1]): the page turns them into links. Brackets are for items on the board only.',
    '- Be concise and precise. Use the analyst\'s language.',
    '',
    'Current Discovery:',
    `Title: ${title}`,
    `Goal: ${goal}`,
  ];
  if (board.length > threshold) {
    const overview = relationshipOverview(board);
    lines.push(
      '',
      `The board has ${board.length} items, more than ${threshold}: it is summarized below. Read an item in full with get_item.`,
      `Relationship overview: ${overview.unsupported.length} items rest on nothing upstream, ${overview.unused.length} are used by nothing downstream, the longest chain is ${overview.deepest} items deep.`,
    );
  }
  return lines.join('\n');
}
