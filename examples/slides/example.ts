import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import { chooseModel, slidesAgent } from './server/agent.js';
import { appApi } from './server/app-api.js';
import { CarouselEditor } from './server/carousel-editor.js';
import { CarouselStore } from './server/carousel-store.js';
import { slidesDemoModel } from './server/demo-model.js';

/** Per-slide delay of the demo's deliberately slow step; long enough to click around while it runs. */
const SLOW_STEP_MS = 900;

export const slidesExample: ExampleDefinition = {
  name: 'slides',
  title: 'Lucid carousel editor',
  summary:
    'Five-stage carousel editor with a docked agent: read tools, stage-scoped write tools, slash commands, Stop, Undo; the stages never wait for the chat.',
  seed: '000 — Lucid carousel editor',
  create: ({ dataDir }) => {
    const editor = new CarouselEditor(new CarouselStore(join(dataDir, 'carousels')), { slowStepMs: SLOW_STEP_MS });
    const { model, demo } = chooseModel(slidesDemoModel());
    return new Hono()
      .route('/api/agent', slidesAgent(editor, fileStore({ dir: join(dataDir, 'sessions') }), model))
      .route('/api', appApi(editor, { demoModel: demo, modelName: demo ? 'offline demo model' : model.name }));
  },
};
