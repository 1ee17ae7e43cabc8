// Where a heap snapshot's memory is: its objects summed by kind, largest first. Plain objects are told apart by their
// first property names (`{id,event}` is a logged event), since they all share the constructor name "Object".
//   node --import tsx packages/server/bench/heap-summary.ts <file.heapsnapshot> [rows] [kind]
// With a kind (as the table names it, e.g. "array"), the objects of that kind are summed again by what holds them:
// the kind of their first retainer and the edge's name.
// Snapshots come from BENCH_HEAP_SNAPSHOT (server-monitor.ts) or `node --heapsnapshot-signal`.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const [file, rowsArgument = '30', retainedKind] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-summary.ts <file.heapsnapshot> [rows]');
const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const { node_fields: nodeFields, node_types: nodeTypes, edge_fields: edgeFields, edge_types: edgeTypes } = heap.snapshot.meta;
const nodeWidth = nodeFields.length;
const edgeWidth = edgeFields.length;
const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((field) => nodeFields.indexOf(field)) as [number, number, number, number];
const [edgeTypeAt, edgeNameAt, edgeToAt] = ['type', 'name_or_index', 'to_node'].map((field) => edgeFields.indexOf(field)) as [number, number, number];
const propertyType = edgeTypes[0].indexOf('property');

const kinds = new Map<string, { count: number; bytes: number }>();
/** Each object's kind, by its index in `nodes`. */
const kindOf = new Map<number, string>();
let total = 0;
let edge = 0;
for (let node = 0; node < heap.nodes.length; node += nodeWidth) {
  const type = nodeTypes[0][heap.nodes[node + typeAt]!]!;
  const name = heap.strings[heap.nodes[node + nameAt]!]!;
  const size = heap.nodes[node + sizeAt]!;
  const edges = heap.nodes[node + edgeCountAt]!;
  let kind = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${name}` : type;
  if (type === 'object' && name === 'Object') {
    const properties: string[] = [];
    for (let at = edge; at < edge + edges * edgeWidth && properties.length < 4; at += edgeWidth) {
      if (heap.edges[at + edgeTypeAt] === propertyType) properties.push(heap.strings[heap.edges[at + edgeNameAt]!]!);
    }
    kind = `object {${properties.join(',')}}`;
  }
  edge += edges * edgeWidth;
  if (retainedKind) kindOf.set(node, kind);
  total += size;
  const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
  entry.count++;
  entry.bytes += size;
  kinds.set(kind, entry);
}

const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(2);
console.log(`${file}: ${mb(total)} MB in ${heap.nodes.length / nodeWidth} objects`);
console.table(
  [...kinds]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, Number(rowsArgument))
    .map(([kind, { count, bytes }]) => ({ kind: kind.slice(0, 70), count, mb: mb(bytes), share: `${((bytes / total) * 100).toFixed(1)} %` })),
);

if (retainedKind) {
  // Who holds the objects of that kind: each one's first retainer (the first edge found that points at it).
  const holders = new Map<string, { count: number; bytes: number }>();
  const seen = new Set<number>();
  let at = 0;
  for (let node = 0; node < heap.nodes.length; node += nodeWidth) {
    const edges = heap.nodes[node + edgeCountAt]!;
    for (let end = at + edges * edgeWidth; at < end; at += edgeWidth) {
      const to = heap.edges[at + edgeToAt]!;
      if (seen.has(to) || kindOf.get(to) !== retainedKind) continue;
      seen.add(to);
      const type = edgeTypes[0][heap.edges[at + edgeTypeAt]!];
      const name = type === 'element' || type === 'hidden' ? `[${type}]` : heap.strings[heap.edges[at + edgeNameAt]!];
      const holder = `${kindOf.get(node)} .${name}`;
      const entry = holders.get(holder) ?? { count: 0, bytes: 0 };
      entry.count++;
      entry.bytes += heap.nodes[to + sizeAt]!;
      holders.set(holder, entry);
    }
  }
  console.log(`\n${retainedKind}, by what holds it:`);
  console.table(
    [...holders]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, Number(rowsArgument))
      .map(([holder, { count, bytes }]) => ({ holder: holder.slice(0, 90), count, mb: mb(bytes) })),
  );
}
