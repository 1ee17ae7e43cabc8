// `node build.mjs --report`: where each output file's bytes come from, to pick what to shrink. esbuild's metafile
// counts minified bytes per input; gzip can't be split per input, so the shares are of the minified size.
import { relative, resolve } from 'node:path';

const TOP_INPUTS = 30;

/** Prints, for each file the build writes (the entry and each chunk), its largest inputs and its totals per package or source folder. */
export function printReport(metafile, root = process.cwd()) {
  for (const [outputPath, output] of Object.entries(metafile.outputs)) {
    const inputs = Object.entries(output.inputs).map(([path, { bytesInOutput }]) => ({
      path: relative(root, resolve(path)),
      bytes: bytesInOutput,
    }));
    const total = inputs.reduce((sum, input) => sum + input.bytes, 0);
    const row = (bytes, name) =>
      `${String(bytes).padStart(8)}  ${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${name}`;

    const file = relative(root, resolve(outputPath));
    console.log(`\n${file}: largest inputs (minified bytes, of ${total}):`);
    for (const { path, bytes } of [...inputs].sort((a, b) => b.bytes - a.bytes).slice(0, TOP_INPUTS)) {
      console.log(row(bytes, path));
    }

    const groups = new Map();
    for (const { path, bytes } of inputs) groups.set(groupOf(path), (groups.get(groupOf(path)) ?? 0) + bytes);
    console.log(`${file}: by package or folder:`);
    for (const [name, bytes] of [...groups].sort((a, b) => b[1] - a[1])) console.log(row(bytes, name));
  }
  console.log('');
}

/** `node_modules/@scope/name/…` → `@scope/name`; `…/src/ui/x.ts` → `src/ui`. */
function groupOf(path) {
  const parts = path.split(/[\\/]/);
  const modules = parts.lastIndexOf('node_modules');
  if (modules >= 0) {
    const name = parts[modules + 1] ?? '';
    return name.startsWith('@') ? `${name}/${parts[modules + 2]}` : name;
  }
  const src = parts.lastIndexOf('src');
  return src >= 0 ? parts.slice(src, src + 2).join('/').replace(/\.ts$/, '') : path;
}
