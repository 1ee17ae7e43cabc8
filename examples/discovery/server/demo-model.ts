import { scriptedModel, type Model, type ScriptedRun } from '@agent-chat/server';
import type { Context, Turn } from '@agent-chat/protocol';
import { boardFromContext, columnOfId, findItem } from './board-context.js';
import { connectionsRun, reviewRun } from './demo-connections.js';
import { DEMO_FOOTER, chip, lastResult, type ToolResult } from './demo-history.js';
import { capabilitiesRun, HELLO } from './demo-capabilities.js';
import { recognize } from './demo-understand.js';

// The offline model: it plays seed 003's scenarios from what the analyst types, through the same tools Claude gets.
// For questions about the board it calls the read tools first and answers from their results, as a real model would
// with a summarized board, so the demo shows those tools at work.

const ID = String.raw`@?([IFNRO]-\d+)`;
const idPattern = new RegExp(ID, 'gi');
const citingPattern = /\s+(?:citing|linked to|based on|supported by|from|with)\s+((?:@?[IFNRO]-\d+(?:\s*(?:,|and|&)\s*)?)+)\s*\.?$/i;

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
  const request = recognize(text);
  switch (request.kind) {
    case 'add':
      return addRun(request.entity, request.rest, turns, mentionedIds(turns));
    case 'edit':
      return writeRun('edit_item', { entity_type: columnOfId(request.id), item_id: request.id, new_text: sentence(request.text) }, turns, onBoard(request.id));
    case 'delete':
      return writeRun('delete_item', { entity_type: columnOfId(request.id), item_id: request.id }, turns, onBoard(request.id));
    case 'connections':
      return connectionsRun(request.id, turns, context);
    case 'review':
      return reviewRun(request.id, request.changed ?? 'its source', turns);
    case 'support':
      return supportRun(request.id, turns);
    case 'read':
      return readRun(request.id, turns);
    case 'gaps':
      return gapRun(turns);
    case 'summary':
      return summaryRun(turns, detail);
    case 'hello':
      return [[{ text: HELLO }]];
    case 'capabilities':
      return capabilitiesRun(text, request.asked, context);
  }
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

/** "What does F-1 say?": the item in full, what it rests on and what builds on it. */
function readRun(id: string, turns: readonly Turn[]): ScriptedRun {
  return [[{ tool: 'get_item', input: { item_id: id } }], [{ text: readText(id, lastResult(turns)) + DEMO_FOOTER }]];
}

function readText(id: string, result: ToolResult | undefined): string {
  if (!result || result.isError) return `${id} is not on the board.`;
  const { item, supportedBy = [], supports = [] } = (result.output ?? {}) as { item?: { title?: string; text: string; column: string }; supportedBy?: string[]; supports?: string[] };
  if (!item) return `I could not read ${id}.`;
  const said = item.title ? `**${item.title}**: ${item.text}` : item.text;
  return [
    `[${id}], ${article(item.column)} ${item.column}: ${said}`,
    supportedBy.length ? `It rests on ${supportedBy.map((entry) => `[${entry.split(' ')[0]}]`).join(', ')}.` : item.column === 'input' ? '' : 'Nothing on the board supports it yet.',
    supports.length ? `${supports.map((entry) => `[${entry.split(' ')[0]}]`).join(', ')} build${supports.length === 1 ? 's' : ''} on it.` : 'Nothing builds on it yet.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

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

/** The items the analyst picked from the @ list: the element sends them as the message's references. */
function mentionedIds(turns: readonly Turn[]): string[] {
  const user = turns.findLast((turn) => turn.type === 'user');
  return user?.type === 'user' ? (user.references ?? []).map((reference) => upper(reference.id)) : [];
}
