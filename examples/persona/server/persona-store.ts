import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Persona, PersonaWithInputs, TestInput } from '../page/persona-types.js';
import { jsonNames, jsonPath, readJson, removeFile, writeJson } from './json-files.js';
import { serialQueue } from './serial-queue.js';
import { starterPersonas } from './starter-personas.js';

const PERSONA_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const TEST_INPUT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Something asked for is not there. Its message is written for the agent, which reads it as a tool error. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

export function isPersonaId(value: string): boolean {
  return PERSONA_ID.test(value);
}

export type PersonaStore = ReturnType<typeof personaStore>;

/**
 * The app's own data: one JSON file per persona (`personas/<id>.json`) and one per test input
 * (`test-inputs/<id>.json`), linked by the persona's `testInputIds` as in seed 002's data model. The agent's tools
 * and the editor's REST API both go through this one store.
 */
export function personaStore(dataDir: string) {
  const personasDir = join(dataDir, 'personas');
  const inputsDir = join(dataDir, 'test-inputs');
  const serial = serialQueue();
  let seeded: Promise<void> | undefined;

  /** A fresh data folder gets the starter personas, once; after that the folder is the truth, even if emptied. */
  function ensureSeeded(): Promise<void> {
    seeded ??= (async () => {
      if ((await readJson(join(dataDir, 'seeded.json'))) !== undefined) return;
      const now = Date.now();
      for (const starter of starterPersonas) {
        for (const input of starter.testInputs) {
          await writeJson(jsonPath(inputsDir, input.id), { ...input, personaId: starter.id, createdAt: now, updatedAt: now } satisfies TestInput);
        }
        const persona: Persona = {
          id: starter.id,
          name: starter.name,
          systemPrompt: starter.systemPrompt,
          testInputIds: starter.testInputs.map((input) => input.id),
          createdAt: now,
          updatedAt: now,
        };
        await writeJson(jsonPath(personasDir, starter.id), persona);
      }
      await writeJson(join(dataDir, 'seeded.json'), { at: now });
    })();
    return seeded;
  }

  /** Every operation waits for the seed and runs alone, so a change spanning two files is never seen half done. */
  const run = <T>(task: () => Promise<T>) =>
    serial(async () => {
      await ensureSeeded();
      return task();
    });

  async function loadPersona(id: string): Promise<Persona> {
    const persona = isPersonaId(id) ? await readJson<Persona>(jsonPath(personasDir, id)) : undefined;
    if (!persona) throw new NotFoundError(`There is no persona with id "${id}".`);
    return persona;
  }

  async function loadInput(persona: Persona, id: string): Promise<TestInput> {
    const input = TEST_INPUT_ID.test(id) && persona.testInputIds.includes(id) ? await readJson<TestInput>(jsonPath(inputsDir, id)) : undefined;
    if (!input) {
      throw new NotFoundError(
        `There is no test input with id "${id}" on this persona. Its test inputs are: ${persona.testInputIds.join(', ') || 'none'}.`,
      );
    }
    return input;
  }

  async function loadInputs(persona: Persona): Promise<TestInput[]> {
    const inputs = await Promise.all(persona.testInputIds.map((id) => readJson<TestInput>(jsonPath(inputsDir, id))));
    return inputs.filter((input): input is TestInput => input !== undefined);
  }

  async function savePersona(persona: Persona, change: Partial<Pick<Persona, 'name' | 'systemPrompt' | 'testInputIds'>>) {
    const updated: Persona = { ...persona, ...change, updatedAt: Date.now() };
    await writeJson(jsonPath(personasDir, persona.id), updated);
    return updated;
  }

  async function uniquePersonaId(name: string): Promise<string> {
    const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'persona';
    const taken = new Set(await jsonNames(personasDir));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    listPersonas: () =>
      run(async () => {
        const personas = await Promise.all((await jsonNames(personasDir)).map((id) => readJson<Persona>(jsonPath(personasDir, id))));
        return personas.filter((p): p is Persona => p !== undefined).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
      }),

    getPersona: (id: string) => run(() => loadPersona(id)),

    createPersona: (fields: { name: string; systemPrompt?: string }) =>
      run(async () => {
        const now = Date.now();
        const persona: Persona = {
          id: await uniquePersonaId(fields.name),
          name: fields.name,
          systemPrompt: fields.systemPrompt ?? '',
          testInputIds: [],
          createdAt: now,
          updatedAt: now,
        };
        await writeJson(jsonPath(personasDir, persona.id), persona);
        return persona;
      }),

    updatePersona: (id: string, change: { name?: string; systemPrompt?: string }) =>
      run(async () => savePersona(await loadPersona(id), change)),

    deletePersona: (id: string) =>
      run(async () => {
        const persona = await loadPersona(id);
        for (const inputId of persona.testInputIds) await removeFile(jsonPath(inputsDir, inputId));
        await removeFile(jsonPath(personasDir, id));
      }),

    listTestInputs: (personaId: string) => run(async () => loadInputs(await loadPersona(personaId))),

    getTestInput: (personaId: string, id: string) => run(async () => loadInput(await loadPersona(personaId), id)),

    createTestInput: (personaId: string, content: string) =>
      run(async () => {
        const persona = await loadPersona(personaId);
        const now = Date.now();
        const input: TestInput = { id: `ti-${randomBytes(4).toString('hex')}`, personaId, content, createdAt: now, updatedAt: now };
        await writeJson(jsonPath(inputsDir, input.id), input);
        await savePersona(persona, { testInputIds: [...persona.testInputIds, input.id] });
        return input;
      }),

    updateTestInput: (personaId: string, id: string, content: string) =>
      run(async () => {
        const input = await loadInput(await loadPersona(personaId), id);
        const updated: TestInput = { ...input, content, updatedAt: Date.now() };
        await writeJson(jsonPath(inputsDir, id), updated);
        return updated;
      }),

    deleteTestInput: (personaId: string, id: string) =>
      run(async () => {
        const persona = await loadPersona(personaId);
        await loadInput(persona, id);
        // Unlink first: a crash between the two steps leaves an orphan file, never a dangling id.
        await savePersona(persona, { testInputIds: persona.testInputIds.filter((other) => other !== id) });
        await removeFile(jsonPath(inputsDir, id));
      }),

    /** The persona and its test inputs as one value: what the page renders and what undo puts back. */
    snapshot: (personaId: string): Promise<PersonaWithInputs> =>
      run(async () => {
        const persona = await loadPersona(personaId);
        return { persona, testInputs: await loadInputs(persona) };
      }),

    /** Put a snapshot back (undo): its test inputs return, those created since go. Answers the restored persona. */
    restore: (snapshot: PersonaWithInputs): Promise<PersonaWithInputs> =>
      run(async () => {
        const current = await readJson<Persona>(jsonPath(personasDir, snapshot.persona.id));
        const kept = new Set(snapshot.persona.testInputIds);
        for (const input of snapshot.testInputs) await writeJson(jsonPath(inputsDir, input.id), input);
        const persona: Persona = { ...snapshot.persona, updatedAt: Date.now() };
        await writeJson(jsonPath(personasDir, persona.id), persona);
        for (const id of current?.testInputIds ?? []) if (!kept.has(id)) await removeFile(jsonPath(inputsDir, id));
        return { persona, testInputs: await loadInputs(persona) };
      }),
  };
}
