import { createAgentChat, modelFromEnv, type Model, type SessionStore } from '@agent-chat/server';
import type { PersonaWithInputs } from '../page/persona-types.js';
import { agentSystemPrompt } from './agent-system-prompt.js';
import { personaDemoModel } from './demo-model.js';
import type { PersonaStore } from './persona-store.js';
import { personaTools } from './persona-tools.js';
import { requirePersonaId } from './session-persona.js';
import { demoUser } from '../../server/demo-user.js';
import { suggestionsTool } from '../../server/suggestions-tool.js';

/** Claude when ANTHROPIC_API_KEY is set, the offline demo model otherwise; the same tools and prompt either way. */
export function personaModel(): { model: Model; demo: boolean } {
  const model = modelFromEnv({ offline: personaDemoModel });
  return { model, demo: model === personaDemoModel };
}

/**
 * The persona agent: seed 002's tools and system prompt over the app's store, sessions kept as JSON files. The
 * persona and its test inputs are also the agent's `state`, so each write streams a `state` event the page renders
 * at once (the editor follows the agent step by step), and a writing turn can be undone.
 */
export function personaAgent(options: { store: PersonaStore; sessions: SessionStore; model: Model }) {
  const { store } = options;
  return createAgentChat({
    ...demoUser,
    model: options.model,
    tools: [...personaTools(store), suggestionsTool()],
    system: agentSystemPrompt(store),
    store: options.sessions,
    state: {
      snapshot: (sessionId) => store.snapshot(requirePersonaId(sessionId)),
      restore: (_sessionId, snapshot) => store.restore(snapshot as PersonaWithInputs),
    },
  });
}
