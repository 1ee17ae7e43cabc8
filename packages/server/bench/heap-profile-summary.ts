// Where a sampled heap profile's bytes were allocated: summed by function (self), largest first, with the
// functions' callers folded in below a depth. For the .heapprofile that BENCH_HEAP_SAMPLING writes (server-monitor.ts).
//   node --import tsx packages/server/bench/heap-profile-summary.ts <file.heapprofile> [rows]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const [file, rowsArgument = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-profile-summary.ts <file.heapprofile> [rows]');
const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: ProfileNode };

const where = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules\/|src\/|bench\/)/, '$1')}:${lineNumber + 1}`;

const self = new Map<string, number>();
/** Bytes by the nearest frame of our own source (src/), so a library's allocation is charged to what called it. */
const ours = new Map<string, number>();
let total = 0;
function walk(node: ProfileNode, path: string[]) {
  const here = where(node.callFrame);
  const stack = [...path, here];
  if (node.selfSize > 0) {
    total += node.selfSize;
    self.set(here, (self.get(here) ?? 0) + node.selfSize);
    const own = stack.findLast((frame) => / src\//.test(frame)) ?? '(no frame of src/)';
    ours.set(own, (ours.get(own) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, stack);
}
walk(head, []);

const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(2);
const table = (sums: Map<string, number>) =>
  [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rowsArgument))
    .map(([frame, bytes]) => ({ frame: frame.slice(0, 110), mb: mb(bytes), share: `${((bytes / total) * 100).toFixed(1)} %` }));
console.log(`${file}: ${mb(total)} MB sampled`);
console.log('\nby the allocating function:');
console.table(table(self));
console.log('\nby the nearest function of our source:');
console.table(table(ours));
