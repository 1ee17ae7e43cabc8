import { createAgentChat, modelFromEnv, type Model, type SessionStore } from '@agent-chat/server';
import type { CarouselEditor } from './carousel-editor.js';
import { slideCommands, unknownCommandReply } from './commands.js';
import { readTools } from './read-tools.js';
import { systemPrompt } from './system-prompt.js';
import { writeTools } from './write-tools.js';
import { demoUser } from '../../server/demo-user.js';
import { suggestionsTool } from '../../server/suggestions-tool.js';

/**
 * The carousel's agent. A chat session and a carousel share one id (the page sets the element's `session` to
 * its carousel id), so tools, commands, the system prompt and undo all find the carousel from the session id.
 */
export function slidesAgent(editor: CarouselEditor, store: SessionStore, model: Model) {
  return createAgentChat({
    ...demoUser,
    model,
    tools: [...readTools(editor.store), ...writeTools(editor), suggestionsTool()],
    commands: slideCommands(editor),
    unknownCommand: (unknown) => unknownCommandReply(editor, unknown),
    system: systemPrompt(editor.store),
    store,
    // Seed §3.2.3 caps the loop at 5 iterations; the showcase needs 3, a mistake and its correction fit in the rest.
    maxSteps: 6,
    state: {
      snapshot: (sessionId) => editor.store.snapshot(sessionId),
      restore: (sessionId, snapshot) => editor.store.restore(sessionId, snapshot),
    },
  });
}

/** Claude when ANTHROPIC_API_KEY is set, else the offline demo model; `demo` tells the page which. */
export function chooseModel(offline: Model): { model: Model; demo: boolean } {
  const model = modelFromEnv({ offline });
  return { model, demo: model === offline };
}
