import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import type { ModelInfo } from './page/discovery-types.js';
import { discoveryAgent } from './server/discovery-agent.js';

export const discoveryExample: ExampleDefinition = {
  name: 'discovery',
  title: 'Factly discovery board',
  summary:
    'A floating chat over an Input → Fact → Insight → Recommendation → Output board: @mentions, confirmation cards for add, edit and delete, history saved with the discovery.',
  seed: 'seed 003, Conversational Chat on Discovery',
  create: ({ dataDir }) => {
    // The discovery itself lives in the browser; the server keeps only the agent's sessions.
    const agent = discoveryAgent(fileStore({ dir: join(dataDir, 'sessions') }));
    const info: ModelInfo = { offline: agent.offline, name: agent.modelName };
    return (
      new Hono()
        .route('/api/agent', agent.app)
        .get('/api/info', (c) => c.json(info))
    );
  },
};
