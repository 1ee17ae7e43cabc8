import { sessionRef } from '@agent-chat/server';
import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import { DEMO_USER } from '../server/demo-user.js';
import type { ExampleDefinition } from '../server/example.js';
import { personaAgent, personaModel } from './server/persona-agent.js';
import { personaApi } from './server/persona-api.js';
import { personaStore } from './server/persona-store.js';
import { personaIdOf, sessionIdFor } from './server/session-persona.js';

export const personaExample: ExampleDefinition = {
  name: 'persona',
  title: 'Persona editor',
  summary: 'Edit a chat persona by talking to it: an ephemeral output panel over the editor, history kept per persona.',
  seed: '002 — Persona editor',
  create: ({ dataDir }) => {
    const store = personaStore(join(dataDir, 'app'));
    // Seed 002 keeps sessions in data/agent-sessions/<session-id>.json.
    const sessions = fileStore({ dir: join(dataDir, 'agent-sessions') });
    const { model, demo } = personaModel();
    const app = new Hono();

    // A message to a persona that does not exist would only meet failing tools: refuse it up front instead.
    app.post('/api/agent/sessions/:sessionId/messages', async (c, next) => {
      const personaId = personaIdOf(c.req.param('sessionId'));
      const known = personaId && (await store.getPersona(personaId).then(() => true, () => false));
      if (known) return next();
      return c.json({ error: { code: 'not_found', message: `No persona for session "${c.req.param('sessionId')}": use persona-<id> with an existing persona id.` } }, 404);
    });
    app.route('/api/agent', personaAgent({ store, sessions, model }));
    app.route(
      '/api',
      personaApi(store, {
        info: { model: model.name, demo },
        // The persona's conversation goes with it: the demo user's, the one there is (sessions are found by owner and id).
        onPersonaDeleted: async (id) => sessions.delete(await sessionRef(DEMO_USER, sessionIdFor(id))),
      }),
    );
    return app;
  },
};
