import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppInfo } from '../page/persona-types.js';
import { NotFoundError, type PersonaStore } from './persona-store.js';

const personaFields = z.object({
  name: z.string().trim().min(1).max(100),
  systemPrompt: z.string().max(20_000),
});
const createPersonaBody = personaFields.partial({ systemPrompt: true });
const updatePersonaBody = personaFields.partial();
const testInputBody = z.object({ content: z.string().trim().min(1).max(5_000) });

/** Errors in the same JSON shape as the agent's routes, so the page reads one kind of error. */
function fail(c: Context, status: 400 | 404, code: 'invalid_request' | 'not_found', message: string) {
  return c.json({ error: { code, message } }, status);
}

async function body<T>(c: Context, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return { ok: false, message: 'body: not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
}

/**
 * The persona editor's own REST API, the one the page edits through (seed 002's `/api/storage/personas/...`):
 * personas and their test inputs, list / get / create / update / delete.
 */
export function personaApi(store: PersonaStore, options: { info: AppInfo; onPersonaDeleted(id: string): Promise<void> }) {
  const api = new Hono();
  api.onError((error, c) => {
    if (error instanceof NotFoundError) return fail(c, 404, 'not_found', error.message);
    throw error;
  });

  api.get('/info', (c) => c.json(options.info));

  api.get('/personas', async (c) => c.json({ personas: (await store.listPersonas()).map(({ id, name }) => ({ id, name })) }));
  api.post('/personas', async (c) => {
    const parsed = await body(c, createPersonaBody);
    if (!parsed.ok) return fail(c, 400, 'invalid_request', parsed.message);
    return c.json(await store.createPersona(parsed.value), 201);
  });
  api.get('/personas/:id', async (c) => c.json(await store.getPersona(c.req.param('id'))));
  api.patch('/personas/:id', async (c) => {
    const parsed = await body(c, updatePersonaBody);
    if (!parsed.ok) return fail(c, 400, 'invalid_request', parsed.message);
    return c.json(await store.updatePersona(c.req.param('id'), parsed.value));
  });
  api.delete('/personas/:id', async (c) => {
    await store.deletePersona(c.req.param('id'));
    await options.onPersonaDeleted(c.req.param('id'));
    return c.json({ deleted: true });
  });

  api.get('/personas/:id/test-inputs', async (c) => c.json({ testInputs: await store.listTestInputs(c.req.param('id')) }));
  api.post('/personas/:id/test-inputs', async (c) => {
    const parsed = await body(c, testInputBody);
    if (!parsed.ok) return fail(c, 400, 'invalid_request', parsed.message);
    return c.json(await store.createTestInput(c.req.param('id'), parsed.value.content), 201);
  });
  api.get('/personas/:id/test-inputs/:inputId', async (c) => c.json(await store.getTestInput(c.req.param('id'), c.req.param('inputId'))));
  api.patch('/personas/:id/test-inputs/:inputId', async (c) => {
    const parsed = await body(c, testInputBody);
    if (!parsed.ok) return fail(c, 400, 'invalid_request', parsed.message);
    return c.json(await store.updateTestInput(c.req.param('id'), c.req.param('inputId'), parsed.value.content));
  });
  api.delete('/personas/:id/test-inputs/:inputId', async (c) => {
    await store.deleteTestInput(c.req.param('id'), c.req.param('inputId'));
    return c.json({ deleted: true });
  });
  return api;
}
