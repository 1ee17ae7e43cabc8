import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { STAGES } from './carousel.js';
import { isCarouselId } from './carousel-store.js';
import { WrongStageError, type CarouselEditor } from './carousel-editor.js';
import { carouselMarkdown } from './export-service.js';
import { actionsOfStage } from './stage-actions.js';
import { isLanguage, LANGUAGES } from './languages.js';

export interface AppInfo {
  /** True when the offline scripted model answers: the page shows a "Demo model" badge. */
  demoModel: boolean;
  modelName: string;
}

/**
 * The carousel app's own API, what the page uses besides the chat: read a carousel, move between stages, edit
 * the draft, run a stage action from a button. None of it waits for the agent (seed §3.7): a stage click during
 * a slow agent step is answered at once.
 */
export function appApi(editor: CarouselEditor, info: AppInfo) {
  const app = new Hono();
  const carouselId = (c: Context) => {
    const id = c.req.param('id') ?? '';
    return isCarouselId(id) ? id : undefined;
  };
  const badId = (c: Context) => c.json({ error: { code: 'invalid_request', message: 'Invalid carousel id' } }, 400);

  app.get('/info', (c) =>
    c.json({
      ...info,
      stages: STAGES.map((entry) => ({ ...entry, actions: actionsOfStage(entry.stage).map((action) => action.name) })),
      languages: LANGUAGES.map(({ code, name }) => ({ code, name })),
    }),
  );

  app.get('/carousels/:id', (c) => {
    const id = carouselId(c);
    return id ? c.json(editor.store.snapshot(id)) : badId(c);
  });

  app.put('/carousels/:id/stage', async (c) => {
    const id = carouselId(c);
    if (!id) return badId(c);
    const body = z.object({ stage: z.number().int() }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: { code: 'invalid_request', message: 'Send { "stage": 1 to 5 }' } }, 400);
    try {
      const message = await editor.navigate(id, body.data.stage);
      return c.json({ message, carousel: editor.store.snapshot(id) });
    } catch (error) {
      return c.json({ error: { code: 'invalid_request', message: (error as Error).message } }, 400);
    }
  });

  app.put('/carousels/:id/settings', async (c) => {
    const id = carouselId(c);
    if (!id) return badId(c);
    const body = z.object({ language: z.string().refine(isLanguage) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: { code: 'invalid_request', message: `Send { "language": one of ${LANGUAGES.map((l) => l.code).join(', ')} }` } }, 400);
    await editor.setLanguage(id, body.data.language);
    return c.json(editor.store.snapshot(id));
  });

  app.put('/carousels/:id/draft', async (c) => {
    const id = carouselId(c);
    if (!id) return badId(c);
    const body = z.object({ draft: z.string().max(20_000) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: { code: 'invalid_request', message: 'Send { "draft": "..." }' } }, 400);
    await editor.setDraft(id, body.data.draft);
    return c.json(editor.store.snapshot(id));
  });

  app.post('/carousels/:id/actions/:action', async (c) => {
    const id = carouselId(c);
    if (!id) return badId(c);
    const input: unknown = await c.req.json().catch(() => ({}));
    try {
      const result = await editor.runAction(id, c.req.param('action'), input);
      return c.json({ result, carousel: editor.store.snapshot(id) });
    } catch (error) {
      const message = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
      const status = error instanceof WrongStageError ? 409 : error instanceof z.ZodError ? 400 : 422;
      return c.json({ error: { code: status === 409 ? 'conflict' : 'invalid_request', message } }, status);
    }
  });

  app.get('/carousels/:id/export', (c) => {
    const id = carouselId(c);
    if (!id) return badId(c);
    return c.body(carouselMarkdown(editor.store.get(id)), 200, {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': `attachment; filename="carousel-${id}.md"`,
    });
  });

  return app;
}
