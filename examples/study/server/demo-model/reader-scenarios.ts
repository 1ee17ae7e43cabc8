import type { ScriptedResponse, ScriptedRun } from '@agent-chat/server';
import type { Attachment, Context, Turn } from '@agent-chat/protocol';
import { plainText } from '../library.js';
import { field, lastResultOf, outputText, pageOnScreen, resultsOf } from './history.js';
import { keyTerms } from './key-terms.js';

/** "Go to page 3": navigateToPage, run by the page. */
export function goToPage(since: readonly Turn[], pageNumber: number): ScriptedRun {
  const result = lastResultOf(since, 'navigateToPage');
  return [
    [{ tool: 'navigateToPage', input: { pageNumber } }],
    [{ text: result?.isError ? `I could not turn the page: ${outputText(result)}` : `Here is page ${pageNumber}.` }],
  ];
}

/** "Highlight “…”": the quoted words; without quotes, the first definition on the page (read first). */
export function highlight(since: readonly Turn[], quoted: string | undefined): ScriptedRun {
  const result = lastResultOf(since, 'highlightText');
  const done = [{ text: result?.isError ? `I could not highlight that: ${outputText(result)}` : 'Done: it is highlighted in yellow on the page.' }];
  if (quoted) return [[{ tool: 'highlightText', input: { text: quoted, color: 'yellow' } }], done];
  const terms = keyTerms(field<string>(lastResultOf(since, 'readPage')?.output, 'text') ?? '');
  return [
    [{ tool: 'readPage', input: {} }],
    terms.length
      ? terms.slice(0, 3).map((term) => ({ tool: 'highlightText', input: { text: term.sentence, color: 'yellow', comment: `Key term: ${term.term}` } }))
      : [{ text: 'I found no definitions on this page to highlight. Put the words in quotes and I will highlight them.' }],
    [{ text: resultsOf(since, 'highlightText').some((r) => r.isError) ? `Some highlights failed: ${outputText(result)}` : `I highlighted the ${Math.min(terms.length, 3)} key definitions on this page.` }],
  ];
}

/** Attached documents (dragged from the sidebar): read each one with readDocument, in parallel, then summarize. */
export function summarizeAttachments(since: readonly Turn[], attachments: readonly Attachment[]): ScriptedRun {
  const reads = resultsOf(since, 'readDocument');
  const parts = reads.map((read) => {
    if (read.isError) return `- ${outputText(read)}`;
    const pages = field<{ pageNumber: number; text: string }[]>(read.output, 'pages') ?? [];
    const terms = pages.flatMap((p) => keyTerms(p.text).map((t) => t.term));
    return `- **${field<string>(read.output, 'title')}** (${pages.length} pages) covers ${terms.slice(0, 6).join(', ')}${terms.length > 6 ? ', …' : ''}.`;
  });
  const links = reads
    .filter((r) => !r.isError)
    .map((r) => ({ title: field<string>(r.output, 'title') ?? 'Document', url: `/study/#doc=${field<string>(r.output, 'documentId')}&page=1` }));
  return [
    attachments.map((a) => ({ tool: 'readDocument', input: { documentId: a.id } })),
    [
      {
        tool: 'final_answer',
        input: {
          summary: `I read ${reads.length === 1 ? 'the attached document' : `all ${reads.length} attached documents`}:\n\n${parts.join('\n')}`,
          links,
          suggestions: ['Make flashcards from this page', 'Search the library for energy'],
        },
      },
    ],
    [],
  ];
}

/**
 * "Show me where anaphase is explained": searchDocument finds the page; the reader goes there if it must; then
 * highlightArea frames the paragraph, its bounds taken from the page layout the page sends in its context (fresh with
 * each step, so after navigateToPage it is the new page's).
 */
export function showWhere(since: readonly Turn[], what: string, context: Context | undefined): ScriptedRun {
  const search = lastResultOf(since, 'searchDocument')?.output;
  const page = field<{ page: number }[]>(search, 'snippets')?.[0]?.page;
  const screen = pageOnScreen(context);
  const find: ScriptedResponse = [{ tool: 'searchDocument', input: { query: what } }];
  if (search && !page) return [find, [{ text: `I could not find “${what}” in this document. Try other words?` }]];
  const area = lastResultOf(since, 'highlightArea');
  const done: ScriptedResponse = [{ text: area?.isError ? `I could not show it: ${outputText(area)}` : `There it is, on page ${page}: the box frames where the document explains ${what}.` }];
  // The number of steps must not change between steps (the model is replayed from the history): once the reader was
  // turned, the run is the long one, although the page on screen is now the right one.
  const turned = lastResultOf(since, 'navigateToPage');
  const point: ScriptedResponse = turned?.isError
    ? [{ text: `I could not turn to page ${page}: ${outputText(turned)}` }]
    : page !== undefined && page === screen.page
      ? pointAt(screen, page, what)
      : [];
  // Without a box (the page sent no layout) the point step already said where it is, so nothing follows it.
  const framed = point.some((part) => 'tool' in part);
  if (!turned && (page === undefined || page === screen.page)) return [find, point, framed ? done : []];
  return [find, [{ tool: 'navigateToPage', input: { pageNumber: page } }], point, turned?.isError || !framed ? [] : done];
}

/** highlightArea around the first paragraph of the page on screen that mentions `what`, from the page's layout. */
function pointAt(screen: ReturnType<typeof pageOnScreen>, page: number, what: string): ScriptedResponse {
  const paragraph = screen.text
    .split(/\n{2,}/)
    .map(plainText)
    .find((text) => !/^#/.test(text) && text.toLowerCase().includes(what.toLowerCase()));
  const block = paragraph && screen.layout.find((b) => paragraph.startsWith(b.text.replace(/…$/, '')));
  if (!block) return [{ text: `“${what}” is on page ${page}, but I cannot tell where on the page from what I was sent.` }];
  return [{ tool: 'highlightArea', input: { pageNumber: page, bounds: block.bounds, label: what.charAt(0).toUpperCase() + what.slice(1) } }];
}
