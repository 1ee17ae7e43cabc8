// A package's prepublishOnly: `npm publish` from its folder is refused. That folder's package.json carries the
// repository-only `agent-chat-source` export condition (its targets, ./src/*.ts, are not shipped), so the published
// manifest is written by scripts/pack-packages.mjs, and its tarball is what gets published (`npm publish
// <tarball>` runs no scripts of the package, so this guard does not stop it).
import { readFileSync } from 'node:fs';

const { name } = JSON.parse(readFileSync('package.json', 'utf8'));
console.error(
  `${name}: not published from its folder, whose package.json names the repository's sources.\n` +
    'From the repository root: npm run pack:packages, then npm publish .tmp/packages/<tarball>.tgz',
);
process.exit(1);
