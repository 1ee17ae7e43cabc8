// `npm run bench`: every benchmark of the project, one after another, printing tables. The figures and what
// they mean are kept in docs/benchmarks.md. No benchmark asserts a time; tests assert counts instead.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const benches = [
  ['element: streaming markdown in Chromium', [join(root, 'packages/element/bench/markdown-bench.mjs')]],
  ['element: <agent-chat> beside deep-chat in Chromium', ['--conditions=agent-chat-source', '--import', 'tsx', join(root, 'packages/element/bench/widgets-bench.ts')]],
  ['server: streaming and runs over HTTP', ['--conditions=agent-chat-source', '--import', 'tsx', join(root, 'packages/server/bench/server-bench.ts')]],
  ['server: the worst request within the limits, beside a valid one', ['--conditions=agent-chat-source', '--import', 'tsx', join(root, 'packages/server/bench/bad-request-bench.ts')]],
  ['server: turn cost as the stored history grows', ['--conditions=agent-chat-source', '--import', 'tsx', join(root, 'packages/server/bench/history-bench.ts')]],
  ['server: 1,000 and 10,000 concurrent streams from another process, and a slow reader', ['--conditions=agent-chat-source', '--import', 'tsx', join(root, 'packages/server/bench/load-bench.ts')]],
  ['server: beside the Vercel AI SDK (latency, events/s, heap per stream, RSS at 1,000 and 5,000 streams)', ['--conditions=agent-chat-source', '--import', 'tsx', join(root, 'packages/server/bench/peer-bench.ts')]],
];

let failed = 0;
for (const [title, args] of benches) {
  console.log(`\n▶ ${title}\n  $ node ${args.join(' ')}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
