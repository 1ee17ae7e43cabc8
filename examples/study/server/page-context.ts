import type { Context } from '@agent-chat/protocol';
import { z } from 'zod';
import type { StudyPageContext } from '../page/study-types.js';

// The page context arrives as free-form JSON from the browser: check the parts the tools rely on before using them.
const studyContextSchema = z.object({
  learnerId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  document: z.object({ id: z.string(), title: z.string(), currentPage: z.number().int(), totalPages: z.number().int() }),
  visibleText: z.string(),
  selectedText: z.string().optional(),
  highlightsOnPage: z.array(z.string()),
  notesExcerpt: z.string(),
  flashcardDeck: z.object({ cards: z.number() }),
  pageLayout: z
    .array(z.object({ text: z.string(), bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }) }))
    .default([]),
});

/** The study page's context, or an error the agent reads (the page sent none: it is not the study page). */
export function studyContext(context: Context | undefined): StudyPageContext {
  const parsed = studyContextSchema.safeParse(context);
  if (!parsed.success) {
    throw new Error('The study page sent no page context (learner and open document), so this tool cannot tell whose work to read.');
  }
  return parsed.data;
}

/** The learner, when the context names one; for the system prompt, which must work without a page too. */
export function learnerIdOf(context: Context | undefined): string | undefined {
  return studyContextSchema.shape.learnerId.safeParse(context?.learnerId).data;
}
