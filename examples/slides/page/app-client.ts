import type { Carousel } from '../server/carousel.js';

/** The carousel app's own REST API (examples/slides/server/app-api.ts), as the page calls it. */

const BASE = '/slides/api';

export interface StageInfo {
  stage: number;
  name: string;
  summary: string;
  actions: string[];
}

export interface AppInfo {
  demoModel: boolean;
  modelName: string;
  stages: StageInfo[];
  /** The languages the settings offer for a carousel's slides. */
  languages: { code: string; name: string }[];
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    ...init,
    headers: init?.body ? { 'content-type': 'application/json' } : undefined,
  });
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new Error(body?.error?.message ?? `${response.status} ${response.statusText}`);
  return body as T;
}

export const appClient = {
  info: () => call<AppInfo>('/info'),
  carousel: (id: string) => call<Carousel>(`/carousels/${encodeURIComponent(id)}`),
  goToStage: (id: string, stage: number) =>
    call<{ carousel: Carousel }>(`/carousels/${encodeURIComponent(id)}/stage`, { method: 'PUT', body: JSON.stringify({ stage }) }),
  saveSettings: (id: string, settings: { language: string }) =>
    call<Carousel>(`/carousels/${encodeURIComponent(id)}/settings`, { method: 'PUT', body: JSON.stringify(settings) }),
  saveDraft: (id: string, draft: string) =>
    call<Carousel>(`/carousels/${encodeURIComponent(id)}/draft`, { method: 'PUT', body: JSON.stringify({ draft }) }),
  runAction: (id: string, action: string, input: Record<string, unknown> = {}) =>
    call<{ result: unknown; carousel: Carousel }>(`/carousels/${encodeURIComponent(id)}/actions/${action}`, {
      method: 'POST',
      body: JSON.stringify(input),
    }),
  exportUrl: (id: string) => `${BASE}/carousels/${encodeURIComponent(id)}/export`,
};
