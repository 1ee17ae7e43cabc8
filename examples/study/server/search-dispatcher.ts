import { scriptedModel, type Model, type ScriptedRun } from '@agent-chat/server';
import type { Context, Turn } from '@agent-chat/protocol';
import { searcherName } from './document-searcher.js';
import { library } from './library.js';
import { foundLine, rankHits, type DocumentHits, type Unfinished } from './library-search.js';

// What searchLibrary and findRelatedContent run when the agent calls them (search-tools.ts): a sub-agent whose "model"
// is this dispatcher, plain code, as the seed's `Promise.all(documents.map(runSearchSubagent))` is. It starts one
// search sub-agent per document in one step, so they run at once, and waits for all of them; the tool's result is
// their answers ranked together (aggregate). Code rather than a model: every document is searched, whatever the
// model, and the fan-out costs no tokens. The searchers themselves run on the fast model (document-searcher.ts).

/** What a search is asked to do. The dispatcher's first message says it, and it reads it back from there. */
export interface SearchPlan {
  query: string;
  /** The documents to search, in library order. */
  documents: string[];
  /** A document to leave out: an id, or `open` for the one the learner has open (the page's context says which). */
  leaveOut?: string;
  /** Passages in all. */
  limit: number;
  /** Passages each searcher reports from a document's pages (and one from the notes). */
  perDocument: number;
}

const OPEN = 'the document the learner has open';

export function planPrompt(plan: SearchPlan): string {
  return [
    `Search for: ${plan.query.replace(/\s+/g, ' ').trim()}`,
    `Documents: ${plan.documents.join(', ')}`,
    ...(plan.leaveOut ? [`Leave out: ${plan.leaveOut === 'open' ? OPEN : plan.leaveOut}`] : []),
    `Passages: at most ${plan.limit} in all, ${plan.perDocument} per document.`,
  ].join('\n');
}

export function readPlan(text: string): SearchPlan | undefined {
  const line = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1]?.trim();
  const query = line('Search for');
  const passages = /at most (\d+) in all, (\d+) per document/.exec(text);
  if (!query || !passages) return undefined;
  const leaveOut = line('Leave out');
  return {
    query,
    documents: (line('Documents') ?? '').split(',').map((id) => id.trim()).filter(Boolean),
    ...(leaveOut ? { leaveOut: leaveOut === OPEN ? 'open' : leaveOut } : {}),
    limit: Number(passages[1]),
    perDocument: Number(passages[2]),
  };
}

/** The plan of a dispatcher's conversation: its first message. */
export const planOf = (turns: readonly Turn[]): SearchPlan | undefined => {
  const first = turns.find((turn) => turn.type === 'user');
  return first?.type === 'user' ? readPlan(first.text) : undefined;
};

/** The document the page says is open. */
function openDocument(context: Context | undefined): string | undefined {
  const id = (context?.document as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** What the searchers of a dispatcher's conversation returned: the documents searched, ranked hits, and those unfinished. */
export function aggregate(turns: readonly Turn[], limit: number): { searched: string[]; found: DocumentHits[]; unfinished: Unfinished[] } {
  const searched: string[] = [];
  const answers: DocumentHits[] = [];
  const unfinished: Unfinished[] = [];
  for (const call of turns) {
    if (call.type !== 'tool_call') continue;
    const doc = library.list().find((summary) => searcherName(summary.id) === call.name);
    if (!doc) continue;
    searched.push(doc.id);
    const result = turns.find((turn) => turn.type === 'tool_result' && turn.toolCallId === call.toolCallId);
    const output = result?.type === 'tool_result' ? result.output : undefined;
    if (output && typeof output === 'object' && Array.isArray((output as DocumentHits).passages)) answers.push(output as DocumentHits);
    else unfinished.push({ documentId: doc.id, title: doc.title, note: typeof output === 'string' ? output : 'It gave no answer.' });
  }
  return { searched, found: rankHits(answers, limit), unfinished };
}

function closing(turns: readonly Turn[], plan: SearchPlan): string {
  const { found, unfinished } = aggregate(turns, plan.limit);
  const stopped = unfinished.length ? ` Not finished: ${unfinished.map((doc) => `“${doc.title}”`).join(', ')}.` : '';
  return `${foundLine(found)}${stopped}`;
}

function dispatch(text: string, turns: readonly Turn[], context: Context | undefined): ScriptedRun {
  const plan = readPlan(text);
  if (!plan) return [[{ text: 'There was no search to run.' }]];
  const left = plan.leaveOut === 'open' ? openDocument(context) : plan.leaveOut;
  const documents = plan.documents.filter((id) => id !== left);
  if (documents.length === 0) return [[{ text: 'There is no document to search.' }]];
  const skipped = left ? library.get(left) : undefined;
  return [
    [
      { text: `Searching ${documents.length} document${documents.length === 1 ? '' : 's'}${skipped ? ` (not “${skipped.title}”)` : ''} for “${plan.query}”, one sub-agent each.` },
      ...documents.map((id) => ({ tool: searcherName(id), input: { query: plan.query, passages: plan.perDocument } })),
    ],
    [{ text: closing(turns, plan) }],
  ];
}

/** The dispatcher: code in a model's place (see above). */
export function searchDispatcher(): Model {
  return scriptedModel(({ text, turns, context }) => dispatch(text, turns, context), { name: 'search dispatcher (code)', chunkSize: 1_000, acknowledgeUploads: false });
}
