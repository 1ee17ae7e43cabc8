import { scriptedModel, type Model, type ScriptedRun } from '@agent-chat/server';
import type { Context, Turn } from '@agent-chat/protocol';
import { boardFromContext, columnOfId, findItem } from './board-context.js';
import { connectionsRun, reviewRun } from './demo-connections.js';
import { DEMO_FOOTER, chip, lastResult, type ToolResult } from './demo-history.js';

// The offline model: it plays seed 003's scenarios from what the analyst types, through the same tools Claude gets.
// For questions about the board it calls the read tools first and answers from their results, as a real model would
// with a summarized board, so the demo shows those tools at work.

const ID = String.raw`@?([IFNRO]-\d+)`;
const idPattern = new RegExp(ID, 'gi');
const addPattern = /\badd (?:a |an |one )?(fact|insight|recommendation|output)\b(?:\s+(?:that|saying|stating)\b)?[\s:]*(.+)$/i;
const citingPattern = /\s+(?:citing|linked to|based on|supported by|from|with)\s+((?:@?[IFNRO]-\d+(?:\s*(?:,|and|&)\s*)?)+)\s*\.?$/i;
const editPattern = new RegExp(String.raw`\b(?:edit|change|update|rewrite|reword)\s+(?:the\s+\w+\s+)?${ID}\s*(?:so (?:that )?it (?:says|reads)|to (?:say|read)|to|:)\s*(.+)$`, 'i');
const deletePattern = new RegExp(String.raw`\b(?:delete|remove|drop)\s+(?:the\s+)?(?:\w+\s+)?${ID}`, 'i');
const supportPattern = new RegExp(String.raw`\b(?:what supports|why|what is behind|trace|where does)\b.*?${ID}`, 'i');
const connectPattern = new RegExp(String.raw`\b(?:suggest|find|missing)\s+(?:\w+\s+)?(?:connections?|links?|support)\s+(?:for|of|to)\s+${ID}`, 'i');
const reviewPattern = new RegExp(String.raw`\bdoes\s+${ID}\s+still\s+hold\b(?:.*?${ID})?`, 'i');

const upper = (id: string) => id.replace(/^@/, '').toUpperCase();
const sentence = (text: string) => {
  const trimmed = text.trim().replace(/^["“]|["”]$/g, '').trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

export { DEMO_FOOTER };

/** How the board reached the model this turn: the SDK tags the context items `detail="full"` or `detail="summary"`. */
type ContextDetail = 'full' | 'summary' | 'none';

export const demoModel: Model = scriptedModel(({ text, turns, system, context }) => planFor(text.trim(), turns, contextDetail(system), context), {
  name: 'offline demo',
  chunkSize: 8,
  delayMs: 10,
});

/** Whether the board came in full or summarized: the policy's choice is in the prompt, not in the page's context. */
function contextDetail(system: string): ContextDetail {
  if (/<context_items[^>]*detail="summary"/.test(system)) return 'summary';
  return /<context_items/.test(system) ? 'full' : 'none';
}

function planFor(text: string, turns: readonly Turn[], detail: ContextDetail, context: Context | undefined): ScriptedRun {
  const onBoard = (id: string) => Boolean(findItem(boardFromContext(context), id));
  const add = addPattern.exec(text);
  if (add) return addRun(add[1]!.toLowerCase(), add[2]!, turns, mentionedIds(turns));
  const edit = editPattern.exec(text);
  if (edit) {
    const id = upper(edit[1]!);
    return writeRun('edit_item', { entity_type: columnOfId(id), item_id: id, new_text: sentence(edit[2]!) }, turns, onBoard(id));
  }
  const remove = deletePattern.exec(text);
  if (remove) {
    const id = upper(remove[1]!);
    return writeRun('delete_item', { entity_type: columnOfId(id), item_id: id }, turns, onBoard(id));
  }
  const connect = connectPattern.exec(text);
  if (connect) return connectionsRun(upper(connect[1]!), turns, context);
  const review = reviewPattern.exec(text);
  if (review) return reviewRun(upper(review[1]!), review[2] ? upper(review[2]) : 'its source', turns);
  const support = supportPattern.exec(text);
  if (support) return supportRun(upper(support[1]!), turns);
  if (/\b(gaps?|missing|weak|orphans?|connections?|improve)\b/i.test(text)) return gapRun(turns);
  if (/\b(summar\w*|overview|recap|state of)\b/i.test(text)) return summaryRun(turns, detail);
  return [[{ text: helpText(text) }]];
}

function addRun(entity: string, rest: string, turns: readonly Turn[], mentioned: readonly string[]): ScriptedRun {
  const citing = citingPattern.exec(rest);
  // A mention the element took out of the text leaves a bare "citing" behind.
  const body = (citing ? rest.slice(0, citing.index) : rest).replace(/\s+(?:citing|linked to|based on|supported by|from|with)\s*\.?$/i, '');
  const typed = [...(citing?.[1] ?? rest).matchAll(idPattern)].map((m) => upper(m[1]!));
  const related = [...new Set([...typed, ...mentioned])];
  const input = { entity_type: entity, text: sentence(body), ...(related.length ? { related_ids: related } : {}) };
  return writeRun('add_item', input, turns, true, `Here is the ${entity} I propose. Confirm it, edit it first, or cancel it.`);
}

/**
 * A write: propose it (the card), then say what became of it from the tool result the page sent back. An edit or
 * delete of an item the board does not hold gets no card (the tool checks first) and no words before the call: the
 * answer is that the item does not exist, written without brackets, so it is no reference to an item that is not there.
 */
function writeRun(tool: string, input: Record<string, unknown>, turns: readonly Turn[], onBoard: boolean, intro?: string): ScriptedRun {
  const id = typeof input.item_id === 'string' ? input.item_id : '';
  const opening = intro ?? (tool === 'delete_item' ? `Deleting [${id}] needs your confirmation: check what depends on it below.` : `Here is my edit of [${id}], before and after.`);
  const call = { tool, input };
  return [onBoard ? [{ text: opening }, call] : [call], [{ text: afterWrite(tool, id, lastResult(turns)) + DEMO_FOOTER }]];
}

function afterWrite(tool: string, id: string, result: ToolResult | undefined): string {
  if (!result) return 'Nothing came back from the board.';
  if (result.isError) {
    const message = String(result.output);
    if (/refused/i.test(message)) return 'Cancelled: the board is unchanged.';
    if (/does not exist/i.test(message)) return missingText(tool, id, message);
    return `That did not work: ${message}`;
  }
  const output = (result.output ?? {}) as { added?: { id: string; links?: string[] }; edited?: string; deleted?: string; stale?: string[] };
  if (tool === 'add_item' && output.added) {
    const links = output.added.links?.length ? `, linked to ${output.added.links.map((l) => `[${l}]`).join(', ')}` : '';
    return `Added [${output.added.id}]${links}.`;
  }
  const stale = output.stale?.length ? ` ${output.stale.map((s) => `[${s}]`).join(', ')} ${output.stale.length === 1 ? 'is' : 'are'} marked for review.` : '';
  if (tool === 'edit_item' && output.edited) return `Updated [${output.edited}].${stale}`;
  if (tool === 'delete_item' && output.deleted) return `Deleted [${output.deleted}].${stale}`;
  return 'Done.';
}

/** "F-99 does not exist": said plainly, with the items the page listed as references the analyst can click. */
function missingText(tool: string, id: string, message: string): string {
  const listed = /\bare ((?:[IFNRO]-\d+(?:, )?)+)\./.exec(message)?.[1]?.split(', ') ?? [];
  const action = tool === 'delete_item' ? 'delete' : 'edit';
  const column = columnOfId(id);
  const others = listed.length ? ` The ${column ?? 'item'}s on the board are ${listed.map((other) => `[${other}]`).join(', ')}.` : '';
  return `${id} does not exist: there is no such item on the board, so there is nothing to ${action}.${others}`;
}

function supportRun(id: string, turns: readonly Turn[]): ScriptedRun {
  return [
    [{ text: `Let me trace [${id}] back to its sources. ` }, { tool: 'get_item', input: { item_id: id } }],
    [{ text: supportText(id, lastResult(turns)) + DEMO_FOOTER }],
  ];
}

function supportText(id: string, result: ToolResult | undefined): string {
  if (!result || result.isError) return `I could not read [${id}]: ${String(result?.output ?? 'no answer')}`;
  const { supportedBy = [] } = (result.output ?? {}) as { supportedBy?: string[] };
  if (supportedBy.length === 0) return `Nothing on the board supports [${id}] yet: it is worth linking it to the evidence behind it.`;
  return [`[${id}] rests on:`, ...supportedBy.map((entry) => `- ${chip(entry)}`)].join('\n');
}

function summaryRun(turns: readonly Turn[], detail: ContextDetail): ScriptedRun {
  return [[{ tool: 'list_items', input: {} }], [{ text: `${summaryText(lastResult(turns))}\n\n${contextLine(detail)}${DEMO_FOOTER}` }]];
}

function contextLine(detail: ContextDetail): string {
  if (detail === 'summary') return '_The board came to me **summarized** (it is above the context threshold): counts and the start of each item; I read items in full with get_item._';
  if (detail === 'full') return '_The board came to me **in full** (it is under the context threshold)._';
  return '_No board came with this message._';
}

function gapRun(turns: readonly Turn[]): ScriptedRun {
  return [[{ text: 'Looking for gaps and missing links. ' }, { tool: 'list_items', input: {} }], [{ text: gapText(lastResult(turns)) + DEMO_FOOTER }]];
}

interface BoardList {
  counts: Record<string, number>;
  items: string[];
  overview: { unsupported: string[]; unused: string[]; deepest: number };
}

function boardList(result: ToolResult | undefined): BoardList | undefined {
  const output = result && !result.isError ? (result.output as Partial<BoardList>) : undefined;
  return output?.counts && output.overview ? (output as BoardList) : undefined;
}

function summaryText(result: ToolResult | undefined): string {
  const list = boardList(result);
  if (!list) return 'I could not read the board.';
  const { counts, overview } = list;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const parts = Object.entries(counts).map(([column, count]) => `${count} ${column}${count === 1 ? '' : 's'}`);
  return [
    `**The board holds ${total} items**: ${parts.join(', ')}.`,
    `The longest chain is ${overview.deepest} items deep.`,
    overview.unsupported.length
      ? `${overview.unsupported.length} item(s) rest on nothing upstream, starting with ${overview.unsupported.slice(0, 3).map((i) => `[${i}]`).join(', ')}.`
      : 'Every item rests on something upstream.',
  ].join('\n\n');
}

function gapText(result: ToolResult | undefined): string {
  const list = boardList(result);
  if (!list) return 'I could not read the board.';
  const { overview, counts } = list;
  const lines = ['**Gaps I see:**'];
  for (const id of overview.unsupported.slice(0, 5)) lines.push(`- [${id}] has no upstream link: which evidence supports it?`);
  for (const id of overview.unused.filter((i) => !i.startsWith('I-')).slice(0, 5)) {
    lines.push(`- [${id}] feeds nothing downstream: does it lead to ${NEXT_STEP[id.charAt(0)] ?? 'anything'}?`);
  }
  if ((counts.output ?? 0) === 0) lines.push('- There is no output yet: a brief or a report would close the chain.');
  if (lines.length === 1) lines.push('- None: every item is connected both ways.');
  return lines.join('\n');
}

const NEXT_STEP: Record<string, string> = { F: 'an insight', N: 'a recommendation', R: 'an output' };

function helpText(text: string): string {
  return (
    `I am Factly's **offline demo model**: I play a few scripted scenarios rather than read “${text.slice(0, 80)}”. Try:\n\n` +
    '- “Add a fact that churn rose 4% citing @I-1”\n' +
    '- “Edit F-1 to say …”, “Delete F-2”\n' +
    '- “What supports R-1?”, “Summarize the board”, “Any gaps?”, “Suggest connections for F-2”\n\n' +
    'Set ANTHROPIC_API_KEY on the server to talk to Claude with the same tools.'
  );
}

/** The items the analyst picked from the @ list: the element sends them as the message's references. */
function mentionedIds(turns: readonly Turn[]): string[] {
  const user = turns.findLast((turn) => turn.type === 'user');
  return user?.type === 'user' ? (user.references ?? []).map((reference) => upper(reference.id)) : [];
}
