import { defineTool } from '@agent-chat/server';
import { z } from 'zod';

// Write and navigate tools are `client` tools: the server only declares them (name, description, input schema); the
// run pauses, the page runs them through <agent-chat>'s adapter (page/page-tools.ts), and the loop goes on with the
// page's result. This is seed 004's "Server → Frontend" split, without the action/params envelope.

export const createFlashcard = defineTool({
  name: 'createFlashcard',
  description: "Add a flashcard to the user's deck for the open document. Returns the created card with its id.",
  input: z.object({
    term: z.string().min(1).describe('The front: a term or short question'),
    definition: z.string().min(1).describe('The back: a one or two sentence answer'),
    sourcePageNumber: z.number().int().min(1).optional(),
  }),
  kind: 'client',
  label: (input) => `Creating flashcard “${input.term}”`,
});

export const updateFlashcard = defineTool({
  name: 'updateFlashcard',
  description: 'Change the term or definition of a flashcard (ids from readFlashcards or createFlashcard).',
  input: z.object({ cardId: z.string(), term: z.string().min(1).optional(), definition: z.string().min(1).optional() }),
  kind: 'client',
  label: 'Updating a flashcard',
});

export const deleteFlashcard = defineTool({
  name: 'deleteFlashcard',
  description: 'Remove a flashcard from the deck.',
  input: z.object({ cardId: z.string() }),
  kind: 'client',
  label: 'Deleting a flashcard',
});

export const editNotes = defineTool({
  name: 'editNotes',
  description:
    "Replace one piece of the user's notes. textToReplace is matched against the notes' plain text (what the user sees, without markdown marks) and must occur exactly once: include surrounding words if it is not unique. newText may use markdown. To insert, repeat the anchor in newText; to delete, replace a span with its context minus the part to drop.",
  input: z.object({
    textToReplace: z.string().min(1),
    newText: z.string(),
  }),
  kind: 'client',
  label: (input) => `Editing “${input.textToReplace.length > 30 ? `${input.textToReplace.slice(0, 30)}…` : input.textToReplace}” in your notes`,
});

export const rewriteNotes = defineTool({
  name: 'rewriteNotes',
  description: "Replace the user's notes for the open document with new markdown. Prefer editNotes for small changes.",
  input: z.object({ newContent: z.string() }),
  kind: 'client',
  label: 'Rewriting your notes',
});

export const highlightText = defineTool({
  name: 'highlightText',
  description: 'Highlight a passage on the page the user is reading (exact words of the page text).',
  input: z.object({
    text: z.string().min(1),
    color: z.enum(['yellow', 'green', 'blue', 'pink']).optional(),
    comment: z.string().optional(),
  }),
  kind: 'client',
  label: (input) => `Highlighting “${input.text.length > 40 ? `${input.text.slice(0, 40)}…` : input.text}”`,
});

export const addNote = defineTool({
  name: 'addNote',
  description:
    "Add content at the end of the user's notes for the open document (markdown: a heading, a list, a paragraph), leaving the rest as it is. Prefer it to rewriteNotes for adding; use editNotes to change what is there.",
  input: z.object({
    content: z.string().min(1).describe('The markdown to add'),
    sourcePageNumber: z.number().int().min(1).optional().describe('The page of the open document it comes from, noted under it'),
  }),
  kind: 'client',
  label: (input) => (input.sourcePageNumber ? `Adding page ${input.sourcePageNumber} to your notes` : 'Adding to your notes'),
});

/** Where on a page, as fractions of the page's text area (0 to 1, from its top-left corner). */
const bounds = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .describe("Fractions of the page's text area, from its top-left corner, as <page_context> pageLayout gives each block's bounds");

export const highlightArea = defineTool({
  name: 'highlightArea',
  description:
    'Draw a box around an area of a page of the open document, to show the student where something is (a paragraph, a definition, a list). Take the bounds from pageLayout in <page_context> (the blocks of the page on screen, with their first words); for another page, navigateToPage first, and its layout comes with the next step. The box stays until the page changes.',
  input: z.object({
    pageNumber: z.number().int().min(1),
    bounds,
    label: z.string().max(60).optional().describe('A few words shown on the box'),
  }),
  kind: 'client',
  label: (input) => `Pointing at page ${input.pageNumber}${input.label ? `: ${input.label}` : ''}`,
});

export const navigateToPage = defineTool({
  name: 'navigateToPage',
  description: 'Turn the reader to a page of the open document, or open another document at a page.',
  input: z.object({ pageNumber: z.number().int().min(1), documentId: z.string().optional() }),
  kind: 'client',
  label: 'Going to page {pageNumber}',
});

export const pageTools = [createFlashcard, updateFlashcard, deleteFlashcard, editNotes, rewriteNotes, addNote, highlightText, highlightArea, navigateToPage];
