import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import { library, searchPages } from './library.js';
import { studyContext } from './page-context.js';
import type { Context } from '@agent-chat/protocol';

// Read tools over the library: they run on the server and return data directly (seed 004, Tool Execution Split).

const documentId = z.string().optional().describe('A document id from <library>; default: the document the user has open');

/** The document asked for, or the one open on the page. */
function resolveDocument(id: string | undefined, context: Context | undefined) {
  return library.require(id ?? studyContext(context).document.id);
}

export const readPage = defineTool({
  name: 'readPage',
  description: 'Read the text of one page of a document (markdown; key terms in bold).',
  input: z.object({
    documentId,
    pageNumber: z.number().int().min(1).optional().describe('1-based; default: the page the user is on'),
  }),
  label: (input) => (input.pageNumber ? `Reading page ${input.pageNumber}` : 'Reading this page'),
  execute: ({ documentId, pageNumber }, { context }) => {
    const doc = resolveDocument(documentId, context);
    const page = pageNumber ?? (doc.id === studyContext(context).document.id ? studyContext(context).document.currentPage : 1);
    return { documentId: doc.id, title: doc.title, pageNumber: page, totalPages: doc.pages.length, text: library.requirePage(doc, page) };
  },
});

export const readDocument = defineTool({
  name: 'readDocument',
  description: 'Read a whole document of the library, or a range of its pages. Use it for every document the user attaches.',
  input: z.object({
    documentId: z.string().describe('A document id from <library> or from <attachments>'),
    startPage: z.number().int().min(1).optional(),
    endPage: z.number().int().min(1).optional(),
  }),
  label: (input) => `Reading “${library.get(input.documentId)?.title ?? input.documentId}”`,
  execute: ({ documentId, startPage, endPage }) => {
    const doc = library.require(documentId);
    const first = startPage ?? 1;
    const last = Math.min(endPage ?? doc.pages.length, doc.pages.length);
    if (first > last) throw new Error(`"${doc.title}" has pages 1 to ${doc.pages.length}; the range ${first}–${last} is empty.`);
    const pages = doc.pages.slice(first - 1, last).map((text, i) => ({ pageNumber: first + i, text }));
    return { documentId: doc.id, title: doc.title, type: 'document', totalPages: doc.pages.length, pages };
  },
});

export const searchDocument = defineTool({
  name: 'searchDocument',
  description: 'Keyword search in one document; returns matching snippets with page numbers.',
  input: z.object({ documentId, query: z.string().min(1) }),
  label: (input) => `Searching for “${input.query}”`,
  execute: ({ documentId, query }, { context }) => {
    const doc = resolveDocument(documentId, context);
    const snippets = searchPages(doc.pages, query);
    return { documentId: doc.id, title: doc.title, query, snippets, ...(snippets.length ? {} : { note: 'No match; try other words.' }) };
  },
});
