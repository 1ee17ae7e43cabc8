import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import { LAST_STAGE, FIRST_STAGE, stageName } from './carousel.js';
import type { CarouselEditor } from './carousel-editor.js';
import { STAGE_ACTIONS, type StageAction } from './stage-actions.js';

/**
 * Seed 000 §3.2.2: the write tools. Each is offered only in its stage (§3.1), decided from the carousel on the
 * server, not from what the page says, so a stale or forged page context cannot unlock another stage's actions.
 */
export function writeTools(editor: CarouselEditor) {
  const stageOf = (sessionId: string) => editor.store.get(sessionId).stage;
  return [...STAGE_ACTIONS.map((action) => actionTool(editor, action)), ...navigationTools(editor, stageOf)];
}

function actionTool(editor: CarouselEditor, action: StageAction) {
  return defineTool({
    name: action.name,
    description: `${action.description} (Stage ${action.stage}, ${stageName(action.stage)}.)`,
    input: action.input,
    kind: 'write',
    label: action.label,
    available: ({ sessionId }) => editor.store.get(sessionId).stage === action.stage,
    // The slow step reports progress per slide; give it room beyond the default 30 s.
    timeoutMs: 120_000,
    // status: the slow step's progress, on its chip; state: the carousel after each slide, which the page draws as it
    // lands (seed §3.7), from the stream rather than by polling.
    execute: (input, { sessionId, status, state, signal }) => editor.runAction(sessionId, action.name, input, { status, state, signal }),
  });
}

function navigationTools(editor: CarouselEditor, stageOf: (sessionId: string) => number) {
  return [
    defineTool({
      name: 'next_stage',
      description: 'Move the user to the next stage.',
      input: z.object({}),
      kind: 'write',
      label: 'Going to the next stage',
      available: ({ sessionId }) => stageOf(sessionId) < LAST_STAGE,
      execute: async (_, { sessionId }) => ({ done: await editor.navigate(sessionId, 'next') }),
    }),
    defineTool({
      name: 'previous_stage',
      description: 'Move the user back to the previous stage.',
      input: z.object({}),
      kind: 'write',
      label: 'Going back a stage',
      available: ({ sessionId }) => stageOf(sessionId) > FIRST_STAGE,
      execute: async (_, { sessionId }) => ({ done: await editor.navigate(sessionId, 'back') }),
    }),
    defineTool({
      name: 'go_to_stage',
      description: 'Move the user to a given stage: 1 Slides, 2 Style, 3 Prompts, 4 Images, 5 Export.',
      input: z.object({ stage: z.number().int().min(FIRST_STAGE).max(LAST_STAGE) }),
      kind: 'write',
      label: 'Going to stage {stage}',
      execute: async ({ stage }, { sessionId }) => ({ done: await editor.navigate(sessionId, stage) }),
    }),
  ];
}
