import type { DocumentSummary, Memory, ModelInfo, StudyDocument, Workspace } from './study-types.js';

// The study app's own API (examples/study/server/app-api.ts), as the page calls it.

const base = '/study/api';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  }
  return (await response.json()) as T;
}

export const appApi = {
  info: () => fetch(`${base}/info`).then((r) => json<ModelInfo>(r)),
  library: () => fetch(`${base}/library`).then((r) => json<DocumentSummary[]>(r)),
  document: (id: string) => fetch(`${base}/library/${encodeURIComponent(id)}`).then((r) => json<StudyDocument>(r)),
  workspace: (learnerId: string, documentId: string) =>
    fetch(`${base}/learners/${learnerId}/workspaces/${encodeURIComponent(documentId)}`).then((r) => json<Workspace>(r)),
  saveWorkspace: (learnerId: string, documentId: string, patch: Partial<Workspace>) =>
    fetch(`${base}/learners/${learnerId}/workspaces/${encodeURIComponent(documentId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(patch),
    }).then((r) => json<Workspace>(r)),
  memories: (learnerId: string) => fetch(`${base}/learners/${learnerId}/memories`).then((r) => json<Memory[]>(r)),
};

/** This browser's learner: there are no accounts in the demo, so an id made up once and kept in localStorage. */
export function learnerId(): string {
  const key = 'study-example-learner';
  let id = localStorage.getItem(key);
  if (!id) {
    id = `learner-${crypto.randomUUID().slice(0, 12)}`;
    localStorage.setItem(key, id);
  }
  return id;
}
