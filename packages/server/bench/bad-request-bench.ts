// What the worst request within the limits costs the server (issue 31): bodies just inside every count and under
// the 1 MiB limit, each item bad, so validation reports as much as it can. Side by side with a valid import of the
// same shape. CPU is this process's (the server and the client share it; the client only sends prepared bytes and
// reads the answer), the median of 5. Run: `npm run bench` (or `node --conditions=agent-chat-source --import tsx
// packages/server/bench/bad-request-bench.ts`). Figures go to docs/benchmarks.md.
import { createAgentChat, DEFAULT_LIMITS, scriptedModel } from '../src/index.js';
import { serveApp } from '../src/testing/serve-app.js';

const limits = DEFAULT_LIMITS;
const bad = (count: number) => Array.from({ length: count }, () => ({ id: 1, role: 'nobody', text: 2 }));
const agUi = (extra: Record<string, unknown>) => ({ threadId: 'bench', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...extra });
/** The import below with every item valid: the same parse and transfer, validated whole, then stored. */
const validImport = {
  turns: Array.from({ length: 2_000 }, (_, i) => ({ id: `u${i}`, type: 'user', text: `message ${i}`, createdAt: i, references: Array.from({ length: 9 }, (_, j) => ({ id: `r${j}` })) })),
};

const cases: [name: string, method: string, path: string, body: unknown][] = [
  ['POST /messages: context.items, references, attachments at their counts', 'POST', '/sessions/bench-1/messages', { text: 'hi', context: { items: bad(limits.contextItems) }, references: bad(limits.references), attachments: bad(limits.attachments) }],
  ['POST /resume: decisions and results at their counts', 'POST', '/sessions/bench-2/resume', { decisions: bad(limits.answers), results: bad(limits.answers) }],
  ['POST /ag-ui: messages at the session cap, tools to the request total', 'POST', '/ag-ui', agUi({ messages: bad(limits.sessionTurns), tools: bad(limits.requestItems - limits.sessionTurns) })],
  ['PUT /sessions/:id: 2,000 turns of 9 references each, to the request total', 'PUT', '/sessions/bench-3', { turns: Array.from({ length: 2_000 }, () => ({ type: 'user', references: bad(9) })) }],
];

const server = await serveApp(createAgentChat({ model: scriptedModel([[{ text: 'ok' }]]), authorize: () => 'bench' }));
try {
  const rows = [];
  for (const [name, method, path, body] of cases) rows.push({ request: name, ...(await measure(method, path, JSON.stringify(body))) });
  rows.push({ request: 'reference: the same import, every item valid (stored)', ...(await measure('PUT', '/sessions/bench-ok', JSON.stringify(validImport))) });
  console.log('\nserver: the worst request within the limits (issue 31), each item bad');
  console.table(rows);
} finally {
  await server.close();
}

async function measure(method: string, path: string, text: string) {
  const samples: { cpuMs: number; status: number; answerBytes: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: text });
    const answer = await response.arrayBuffer();
    const used = process.cpuUsage(before);
    samples.push({ cpuMs: (used.user + used.system) / 1000, status: response.status, answerBytes: answer.byteLength });
  }
  samples.sort((a, b) => a.cpuMs - b.cpuMs);
  const median = samples[2]!;
  return { bodyBytes: text.length, status: median.status, cpuMs: +median.cpuMs.toFixed(1), answerBytes: median.answerBytes };
}
