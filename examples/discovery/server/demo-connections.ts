import type { Context, Turn } from '@agent-chat/protocol';
import type { ScriptedRun } from '@agent-chat/server';
import { boardFromContext, findItem, shortText, type ContextBoardItem } from './board-context.js';
import { DEMO_FOOTER, chip, lastResult } from './demo-history.js';

// The demo model's side of seed 003's proactive suggestions (FS-ChatSuggestMissingConnections): the chips the page
// offers after a change ("Suggest connections for F-4", "Does N-1 still hold after the change to F-1?") ask this.
// It reads the item with get_item, as Claude would, and proposes connections by the words items share: a plain,
// deterministic stand-in for a model's judgement, honest about being one.

const ORDER = ['input', 'fact', 'insight', 'recommendation', 'output'] as const;
const STOPWORDS = new Set(['with', 'from', 'that', 'this', 'their', 'they', 'were', 'into', 'more', 'fewer', 'than', 'after', 'before', 'about', 'named', 'make', 'makes']);
const PLURAL = { input: 'inputs', fact: 'facts', insight: 'insights', recommendation: 'recommendations', output: 'outputs' } as const;

const words = (item: ContextBoardItem) =>
  new Set(`${item.title ?? ''} ${item.text}`.toLowerCase().match(/[a-z][a-z-]{3,}/g)?.filter((word) => !STOPWORDS.has(word)) ?? []);

/** Items of a column that share the most words with `item`, best first (board order breaks ties), at most two. */
function akin(board: readonly ContextBoardItem[], item: ContextBoardItem, column: ContextBoardItem['column']) {
  const own = words(item);
  return board
    .filter((other) => other.column === column && other.id !== item.id)
    .map((other) => ({ other, shared: [...words(other)].filter((word) => own.has(word)) }))
    .filter((match) => match.shared.length > 0)
    .sort((a, b) => b.shared.length - a.shared.length)
    .slice(0, 2);
}

const because = (shared: string[]) => `both mention ${shared.slice(0, 2).map((word) => `“${word}”`).join(' and ')}`;

/** "Suggest connections for F-4": what the item rests on and feeds, and what it could connect to. */
export function connectionsRun(id: string, turns: readonly Turn[], context: Context | undefined): ScriptedRun {
  return [
    [{ text: `Let me see how ${id} connects to the rest of the board. ` }, { tool: 'get_item', input: { item_id: id } }],
    [{ text: connectionsText(id, turns, context) + DEMO_FOOTER }],
  ];
}

function connectionsText(id: string, turns: readonly Turn[], context: Context | undefined): string {
  const board = boardFromContext(context);
  const item = findItem(board, id);
  const result = lastResult(turns);
  if (!item || !result || result.isError) return `${id} is not on the board, so there is nothing to connect.`;
  const index = ORDER.indexOf(item.column);
  const lines: string[] = [];
  const upstream = ORDER[index - 1];
  if (upstream) {
    if (item.links.length) lines.push(`- It rests on ${item.links.map((link) => `[${link}]`).join(', ')}.`);
    else {
      const candidates = akin(board, item, upstream);
      lines.push(
        candidates.length
          ? `- It rests on nothing yet. It could rest on ${candidates.map(({ other, shared }) => `[${other.id}] (${because(shared)})`).join(' or ')}.`
          : `- It rests on nothing yet, and none of the ${PLURAL[upstream]} shares its words: which evidence is behind it?`,
      );
    }
  }
  const downstream = ORDER[index + 1];
  if (downstream) {
    const direct = board.filter((other) => other.links.includes(item.id));
    if (direct.length) lines.push(`- ${direct.map((other) => `[${other.id}]`).join(', ')} build${direct.length === 1 ? 's' : ''} on it.`);
    else {
      const candidates = akin(board, item, downstream);
      lines.push(
        candidates.length
          ? `- Nothing builds on it yet. It could support ${candidates.map(({ other, shared }) => `[${other.id}] (${because(shared)})`).join(' or ')}, or a new ${downstream}: try “Add ${article(downstream)} ${downstream} that … citing @${item.id}”.`
          : `- Nothing builds on it yet: a new ${downstream} could. Try “Add ${article(downstream)} ${downstream} that … citing @${item.id}”.`,
      );
    }
  }
  return [`**Connections for [${item.id}]**`, ...lines].join('\n');
}

/** "Does N-1 still hold after the change to F-1?": the item beside what it rests on now, and how to settle it. */
export function reviewRun(id: string, changed: string, turns: readonly Turn[]): ScriptedRun {
  return [[{ tool: 'get_item', input: { item_id: id } }], [{ text: reviewText(id, changed, turns) + DEMO_FOOTER }]];
}

function reviewText(id: string, changed: string, turns: readonly Turn[]): string {
  const result = lastResult(turns);
  if (!result || result.isError) return `${id} is not on the board any more.`;
  const { item, supportedBy = [] } = (result.output ?? {}) as { item?: ContextBoardItem; supportedBy?: string[] };
  if (!item) return `I could not read ${id}.`;
  const sources = supportedBy.filter((line) => item.links.some((link) => line.startsWith(`${link} `)));
  return [
    `[${item.id}] says: “${shortText(item.text, 160)}”`,
    sources.length ? `It rests on:\n${sources.map((line) => `- ${chip(line)}`).join('\n')}` : `It rests on nothing now that ${changed} changed.`,
    `If it still follows, click **Keep** on its card; if not, ask me to edit it (“Edit ${item.id} to say …”).`,
  ].join('\n\n');
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
