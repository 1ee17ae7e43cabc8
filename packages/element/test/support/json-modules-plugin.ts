// A JSON file a module imports, served as a module whose default export is that JSON. @a2ui/web_core imports its
// message schema with `import … from './x.json' with { type: 'json' }`; the dev server's import rewriting drops the
// `with`, and Chromium then refuses a JSON answer to a script import. The bundle (esbuild) inlines the JSON itself.
import type { Context } from 'koa';

// Only @a2ui's: every other JSON the tests fetch is data.
const asModule = (context: Context) => context.path.startsWith('/node_modules/@a2ui/') && context.path.endsWith('.json');

export const jsonModulesPlugin = {
  name: 'json-modules',
  resolveMimeType(context: Context) {
    return asModule(context) ? 'js' : undefined;
  },
  transform(context: Context) {
    if (!asModule(context) || typeof context.body !== 'string') return undefined;
    return { body: `export default ${context.body};` };
  },
};
