import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const model = recordingModel(scriptedModel([[{ text: 'ok' }]]));
let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model,
      system: ({ context }) => `You help with the discovery "${String(context?.title ?? 'untitled')}".`,
      contextPolicy: { fullItemLimit: 3 },
    }),
  );
});
afterAll(() => server.close());

const item = (n: number, type = 'fact') => ({ id: `F-${n}`, type, title: `Fact ${n}`, text: `Body of fact ${n}. `.repeat(20) });

async function systemFor(body: object): Promise<string> {
  model.calls.length = 0;
  await sameBrowser(server.url).run(`ctx-${Math.random().toString(36).slice(2)}`, { text: 'hi', ...body });
  return model.calls[0]!.system;
}

describe('context policy and system prompt', () => {
  it('gives items in full under the threshold, after the host system text and the page context', async () => {
    const system = await systemFor({ context: { title: 'Churn', page: 'board', items: [item(1), item(2)] } });
    expect(system.startsWith('You help with the discovery "Churn".')).toBe(true);
    expect(system).toContain('<page_context>\n{\n  "title": "Churn",\n  "page": "board"\n}\n</page_context>');
    expect(system).toContain('<context_items count="2" detail="full">');
    expect(system).toContain(`[F-1] (fact) Fact 1\n${item(1).text}`);
  });

  it('summarizes above the threshold: counts, ids, titles and the first 200 characters', async () => {
    const items = [item(1), item(2), item(3), item(4, 'insight')];
    const system = await systemFor({ context: { items } });
    expect(system).toContain('<context_items count="4" detail="summary">');
    expect(system).toContain('Summary of 4 items (3 fact, 1 insight)');
    const line = system.split('\n').find((l) => l.startsWith('[F-4]'))!;
    expect(line).toBe(`[F-4] (insight) Fact 4: ${item(4).text.slice(0, 200).replace(/\s+/g, ' ')}…`);
    expect(system).not.toContain(item(1).text);
  });

  it('always gives referenced and attached items in full, even when the rest is summarized', async () => {
    const items = [item(1), item(2), item(3), item(4)];
    const system = await systemFor({
      context: { items },
      references: [item(2)],
      attachments: [{ id: 'doc-1', title: 'Q3 report', text: 'Revenue grew.', mimeType: 'text/plain' }],
    });
    expect(system).toContain('detail="summary"');
    expect(system).toContain(`<referenced_items>\n[F-2] (fact) Fact 2\n${item(2).text}\n</referenced_items>`);
    expect(system).toContain('<attachments>\n[doc-1] Q3 report\nRevenue grew.\n</attachments>');
  });

  it('sends no context sections when there is no context', async () => {
    const system = await systemFor({});
    expect(system).toBe('You help with the discovery "untitled".');
  });
});
