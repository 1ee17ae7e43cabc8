import type { AppInfo, Persona, PersonaWithInputs, TestInput } from './persona-types.js';

const API = '/persona/api';

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(API + path, {
    ...init,
    headers: init.body ? { 'content-type': 'application/json' } : {},
  });
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  if (!response.ok) throw new Error(body?.error?.message ?? `${init.method ?? 'GET'} ${path} failed (${response.status})`);
  return body as T;
}

const json = (method: string, value: unknown): RequestInit => ({ method, body: JSON.stringify(value) });

/** The app's own REST API (examples/persona/server/persona-api.ts): the editor never goes through the agent. */
export const personaClient = {
  info: () => call<AppInfo>('/info'),
  listPersonas: () => call<{ personas: Pick<Persona, 'id' | 'name'>[] }>('/personas').then((r) => r.personas),
  createPersona: (name: string) => call<Persona>('/personas', json('POST', { name })),
  updatePersona: (id: string, change: { name?: string; systemPrompt?: string }) => call<Persona>(`/personas/${id}`, json('PATCH', change)),
  async load(id: string): Promise<PersonaWithInputs> {
    const [persona, { testInputs }] = await Promise.all([
      call<Persona>(`/personas/${id}`),
      call<{ testInputs: TestInput[] }>(`/personas/${id}/test-inputs`),
    ]);
    return { persona, testInputs };
  },
  createTestInput: (personaId: string, content: string) => call<TestInput>(`/personas/${personaId}/test-inputs`, json('POST', { content })),
  updateTestInput: (personaId: string, id: string, content: string) =>
    call<TestInput>(`/personas/${personaId}/test-inputs/${id}`, json('PATCH', { content })),
  deleteTestInput: (personaId: string, id: string) => call<{ deleted: true }>(`/personas/${personaId}/test-inputs/${id}`, { method: 'DELETE' }),
};
