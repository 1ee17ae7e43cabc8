import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import type { PersonaStore } from './persona-store.js';
import { requirePersonaId } from './session-persona.js';

const MAX_NAME = 100;
const MAX_PROMPT = 20_000;
const MAX_INPUT = 5_000;

const excerpt = (text: string, length = 40) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * Seed 002's eight tools over the persona store. Each works on the persona the session is about (see
 * session-persona.ts), so no tool takes a persona id the model could get wrong. A missing test input is thrown:
 * the loop hands it to the agent as an error result, as the seed asks.
 */
export function personaTools(store: PersonaStore) {
  return [
    defineTool({
      name: 'get_persona',
      description: "Read the persona being edited: its name, its full system prompt and the ids of its test inputs.",
      input: z.object({}),
      label: 'Reading the persona',
      execute: async (_input, { sessionId }) => {
        const persona = await store.getPersona(requirePersonaId(sessionId));
        return { name: persona.name, systemPrompt: persona.systemPrompt, testInputIds: persona.testInputIds };
      },
    }),
    defineTool({
      name: 'update_persona_name',
      description: "Change the persona's display name.",
      input: z.object({ name: z.string().trim().min(1).max(MAX_NAME).describe('The new display name') }),
      kind: 'write',
      label: ({ name }) => `Renaming to “${excerpt(name)}”`,
      execute: async ({ name }, { sessionId }) => {
        const persona = await store.updatePersona(requirePersonaId(sessionId), { name });
        return { success: true, name: persona.name };
      },
    }),
    defineTool({
      name: 'update_system_prompt',
      description:
        "Replace the persona's entire system prompt. To change part of it, read it with get_persona first and send the whole new text.",
      input: z.object({ systemPrompt: z.string().max(MAX_PROMPT).describe('The complete new system prompt') }),
      kind: 'write',
      label: 'Rewriting the system prompt',
      execute: async ({ systemPrompt }, { sessionId }) => {
        await store.updatePersona(requirePersonaId(sessionId), { systemPrompt });
        return { success: true, characters: systemPrompt.length };
      },
    }),
    defineTool({
      name: 'list_test_inputs',
      description: 'List the test inputs of this persona (prompts used to try out how it answers), with their ids and content.',
      input: z.object({}),
      label: 'Listing the test inputs',
      execute: async (_input, { sessionId }) => {
        const inputs = await store.listTestInputs(requirePersonaId(sessionId));
        return { testInputs: inputs.map(({ id, content }) => ({ id, content })) };
      },
    }),
    defineTool({
      name: 'get_test_input',
      description: 'Read one test input of this persona by its id.',
      input: z.object({ id: z.string().min(1).describe('The test input id, as list_test_inputs gives it') }),
      label: 'Reading test input {id}',
      execute: async ({ id }, { sessionId }) => {
        const input = await store.getTestInput(requirePersonaId(sessionId), id);
        return { id: input.id, content: input.content };
      },
    }),
    defineTool({
      name: 'create_test_input',
      description: 'Create a new test input and link it to this persona.',
      input: z.object({ content: z.string().trim().min(1).max(MAX_INPUT).describe('The prompt to test the persona with') }),
      kind: 'write',
      label: ({ content }) => `Adding test input “${excerpt(content)}”`,
      execute: async ({ content }, { sessionId }) => {
        const input = await store.createTestInput(requirePersonaId(sessionId), content);
        return { id: input.id, content: input.content };
      },
    }),
    defineTool({
      name: 'update_test_input',
      description: "Replace the content of one of this persona's test inputs.",
      input: z.object({
        id: z.string().min(1).describe('The test input id'),
        content: z.string().trim().min(1).max(MAX_INPUT).describe('The new content'),
      }),
      kind: 'write',
      label: 'Editing test input {id}',
      execute: async ({ id, content }, { sessionId }) => {
        await store.updateTestInput(requirePersonaId(sessionId), id, content);
        return { success: true, id };
      },
    }),
    defineTool({
      name: 'delete_test_input',
      description: "Delete one of this persona's test inputs and remove it from the persona's list.",
      input: z.object({ id: z.string().min(1).describe('The test input id') }),
      kind: 'write',
      label: 'Deleting test input {id}',
      execute: async ({ id }, { sessionId }) => {
        await store.deleteTestInput(requirePersonaId(sessionId), id);
        return { success: true, deleted: id };
      },
    }),
  ];
}
