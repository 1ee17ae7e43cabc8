import { Hono, type Context as HonoContext } from 'hono';
import { z } from 'zod';
import type { ModelInfo } from '../page/study-types.js';
import { isLearnerId, type LearnerStore } from './learner-store.js';
import { library } from './library.js';

const flashcardSchema = z.object({
  id: z.string().min(1),
  term: z.string(),
  definition: z.string(),
  sourcePageNumber: z.number().int().optional(),
  createdAt: z.number(),
  againCount: z.number().int().min(0).optional(),
  interval: z.number().min(0).optional(),
});
const highlightSchema = z.object({
  id: z.string().min(1),
  pageNumber: z.number().int(),
  text: z.string(),
  color: z.enum(['yellow', 'green', 'blue', 'pink']),
  comment: z.string().optional(),
});
const workspacePatchSchema = z.object({
  notes: z.string().max(200_000).optional(),
  flashcards: z.array(flashcardSchema).max(2000).optional(),
  highlights: z.array(highlightSchema).max(2000).optional(),
});

/**
 * The study app's own API (not the agent's): the library, each learner's notes, deck and highlights per document,
 * and what the agent remembers of them. There are no accounts in this demo: a learner is an id the page makes up
 * and keeps in localStorage; a real app would take it from its session and mount its auth in front.
 */
export function studyAppApi(options: { learners: LearnerStore; model: ModelInfo }) {
  const { learners } = options;
  const app = new Hono();

  app.get('/info', (c) => c.json(options.model));
  app.get('/library', (c) => c.json(library.list()));
  app.get('/library/:documentId', (c) => {
    const doc = library.get(c.req.param('documentId'));
    return doc ? c.json(doc) : c.json({ error: 'No such document' }, 404);
  });

  app.get('/learners/:learnerId/workspaces/:documentId', async (c) => {
    const ids = checkIds(c);
    return ids instanceof Response ? ids : c.json(await learners.workspace(ids.learnerId, ids.documentId));
  });

  app.put('/learners/:learnerId/workspaces/:documentId', async (c) => {
    const ids = checkIds(c);
    if (ids instanceof Response) return ids;
    const patch = workspacePatchSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!patch.success) return c.json({ error: patch.error.issues[0]?.message ?? 'Invalid workspace' }, 400);
    return c.json(await learners.saveWorkspace(ids.learnerId, ids.documentId, patch.data));
  });

  app.get('/learners/:learnerId/memories', async (c) => {
    const learnerId = c.req.param('learnerId');
    if (!isLearnerId(learnerId)) return c.json({ error: 'Invalid learner id' }, 400);
    return c.json(await learners.memories(learnerId));
  });

  return app;
}

function checkIds(c: HonoContext): { learnerId: string; documentId: string } | Response {
  const learnerId = c.req.param('learnerId') ?? '';
  const documentId = c.req.param('documentId') ?? '';
  if (!isLearnerId(learnerId)) return c.json({ error: 'Invalid learner id' }, 400);
  if (!library.get(documentId)) return c.json({ error: `No document "${documentId}"` }, 404);
  return { learnerId, documentId };
}
