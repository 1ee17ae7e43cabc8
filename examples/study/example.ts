import { modelFromEnv } from '@agent-chat/server';
import { fileBlobStore, fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import { studyAppApi } from './server/app-api.js';
import { studyDemoModel } from './server/demo-model/demo-model.js';
import { learnerStore } from './server/learner-store.js';
import { studyAgent } from './server/study-agent.js';

export const studyExample: ExampleDefinition = {
  name: 'study',
  title: 'Study agent',
  summary: 'A document reader with notes and flashcards; the agent reads on the server and edits through the page (client tools), with triggers, attachments, memory and answer cards.',
  seed: 'seed 004, study agent for documents',
  create: ({ dataDir }) => {
    const offline = studyDemoModel();
    const model = modelFromEnv({ offline });
    // The search sub-agents' model: AGENT_CHAT_FAST_MODEL, or the main one; offline, the demo model plays them too.
    const fastModel = modelFromEnv({ offline, fast: true });
    const learners = learnerStore(dataDir);
    return new Hono()
      .route(
        '/api/agent',
        studyAgent({ model, fastModel, sessions: fileStore({ dir: join(dataDir, 'sessions') }), learners, uploads: fileBlobStore({ dir: join(dataDir, 'uploads') }) }),
      )
      .route('/api', studyAppApi({ learners, model: { offline: model === offline, name: model.name } }));
  },
};
