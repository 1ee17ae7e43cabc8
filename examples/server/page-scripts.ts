import { transform } from 'esbuild';
import type { MiddlewareHandler } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';

/**
 * Serve an example page's `.ts` modules as JavaScript, compiled on request (cached by modification time), so
 * the examples' host code is TypeScript like the rest of the project and needs no build step of its own.
 *
 * A request for `x.js` is answered with `x.ts` compiled when no `x.js` exists: page modules import each other as
 * `./x.js`, the specifier TypeScript checks, and the browser asks for exactly that.
 */
export function pageScripts(examplesDir: string): MiddlewareHandler {
  const cache = new Map<string, { mtimeMs: number; code: string }>();
  return async (c, next) => {
    const file = pageFile(examplesDir, new URL(c.req.url).pathname);
    if (!file) return next();
    const source = file.endsWith('.ts') ? file : file.replace(/\.js$/, '.ts');
    // A real `.js` file in the page folder is the page's own: the static files handler serves it as it is.
    if (source !== file && (await modified(file)) !== undefined) return next();
    const mtimeMs = await modified(source);
    if (mtimeMs === undefined) return next();
    let entry = cache.get(source);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const text = await readFile(source, 'utf8');
      const { code } = await transform(text, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: source });
      entry = { mtimeMs, code };
      cache.set(source, entry);
    }
    return c.body(entry.code, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
  };
}

/** The file a `/<example>/<path>.ts|.js` URL names inside that example's `page/` folder; undefined for anything else. */
function pageFile(examplesDir: string, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!path.endsWith('.ts') && !path.endsWith('.js')) return undefined;
  const [, name = '', ...rest] = path.split('/');
  if (!/^[\w-]+$/.test(name)) return undefined;
  const pageDir = join(examplesDir, name, 'page');
  const file = normalize(join(pageDir, ...rest));
  return file.startsWith(pageDir + sep) ? file : undefined;
}

async function modified(file: string): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}
