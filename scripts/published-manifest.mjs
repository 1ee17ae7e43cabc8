// The package.json a package is published with, made from the one in this repository.
//
// In the repository every tool (tsc's customConditions, vitest, tsx and node's --conditions, @web/test-runner,
// esbuild) resolves @agent-chat/* to its TypeScript source through one export condition, `agent-chat-source`.
// Those targets (./src/*.ts) are not in the tarballs, so the published manifest must not name them. npm has no
// publishConfig for `exports` and its prepack/postpack would rewrite a tracked file in place, so the tarballs are
// packed from a staged copy whose manifest this function writes (scripts/pack-packages.mjs).

/** The repository-only export condition: the packages' TypeScript sources, for in-repo tools. */
export const SOURCE_CONDITION = 'agent-chat-source';

/**
 * The published manifest: `manifest` without what names the repository rather than the package:
 * - the source condition, in every export;
 * - `sideEffects` entries under ./src/ (they exist so that bundlers reading the sources keep the element's
 *   registration; the tarball has no src/);
 * - `scripts`: they build from files that are not shipped (tsconfig.build.json, build.mjs), and the one guard
 *   among them (prepublishOnly) is for this folder, not for the tarball.
 * @param {Record<string, unknown>} manifest
 * @returns {Record<string, unknown>}
 */
export function publishedManifest(manifest) {
  const { scripts: _scripts, ...published } = manifest;
  if (published.exports !== undefined) published.exports = withoutSource(published.exports);
  if (Array.isArray(published.sideEffects)) {
    published.sideEffects = published.sideEffects.filter((entry) => !/^(\.\/)?src\//.test(String(entry)));
  }
  return published;
}

/** An exports value (a string, an array, subpaths or conditions) with the source condition taken out at every level. */
function withoutSource(value) {
  if (Array.isArray(value)) return value.map(withoutSource);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, target]) => [key, withoutSource(target)]),
  );
}
