// Does a package name only files it ships? Every path its package.json points at (exports, at every condition,
// main, types, bin, customElements, sideEffects) checked against the files of its tarball. publint checks most of
// these too, but not a custom condition's targets (the reason for issue 32.8), and not sideEffects.

/**
 * The paths `manifest` names that match no file of `files` (the tarball's paths, `dist/index.js` or
 * `package/dist/index.js`), each as `field: target`. Empty when the manifest names only shipped files.
 * @param {Record<string, unknown>} manifest
 * @param {readonly string[]} files
 * @returns {string[]}
 */
export function missingTargets(manifest, files) {
  const shipped = files.map((file) => file.replace(/^package\//, '').replace(/^\.\//, ''));
  const missing = [];
  for (const [field, target] of namedPaths(manifest)) {
    if (!shipped.some(matcher(target, field.startsWith('sideEffects')))) missing.push(`${field}: ${target}`);
  }
  return missing;
}

/**
 * Every path the manifest names, with where it names it: `exports["./define"].types`, `main`, `bin.name`.
 * @param {Record<string, unknown>} manifest
 * @returns {Array<[string, string]>}
 */
function namedPaths(manifest) {
  const paths = [];
  const walk = (value, field) => {
    if (typeof value === 'string') paths.push([field, value]);
    // null excludes a subpath (`"./internal/*": null`): nothing to ship.
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${field}[${index}]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, `${field}[${JSON.stringify(key)}]`);
    }
  };
  walk(manifest.exports, 'exports');
  for (const field of ['main', 'module', 'types', 'typings', 'customElements']) walk(manifest[field], field);
  if (typeof manifest.browser === 'string') walk(manifest.browser, 'browser');
  walk(manifest.bin, 'bin');
  if (Array.isArray(manifest.sideEffects)) walk(manifest.sideEffects, 'sideEffects');
  return paths;
}

/**
 * A test for one named path. In exports a `*` stands for any string, `/` included (Node's subpath patterns); in
 * sideEffects the paths are globs, where `*` stays within a folder, `**` does not, and a pattern without a `/`
 * matches a file of that name in any folder (as webpack and esbuild read them).
 * @returns {(file: string) => boolean}
 */
function matcher(target, glob) {
  const path = target.replace(/^\.\//, '');
  if (!path.includes('*')) return (file) => file === path;
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const pattern = glob ? escaped.replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*') : escaped.replace(/\*/g, '.+');
  const regex = new RegExp(`^${glob && !path.includes('/') ? '(?:.*/)?' : ''}${pattern}$`);
  return (file) => regex.test(file);
}
