import { createAgentChat, modelFromEnv, type SessionStore } from '@agent-chat/server';
import { boardTools } from './board-tools.js';
import { demoModel } from './demo-model.js';
import { contextThreshold, factlyPrompt } from './factly-prompt.js';
import { demoUser } from '../../server/demo-user.js';
import { suggestionsTool } from '../../server/suggestions-tool.js';

/** Factly's agent: Claude when ANTHROPIC_API_KEY is set, the scripted demo otherwise, with the same tools and prompt. */
export function discoveryAgent(store: SessionStore) {
  const model = modelFromEnv({ offline: demoModel });
  const threshold = contextThreshold();
  const app = createAgentChat({
    ...demoUser,
    model,
    tools: [...boardTools, suggestionsTool()],
    store,
    system: ({ context }) => factlyPrompt(context, threshold),
    contextPolicy: { fullItemLimit: threshold },
  });
  return { app, offline: model === demoModel, modelName: model.name };
}
