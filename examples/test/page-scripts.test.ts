import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageScripts } from '../server/page-scripts.js';
import { startDemoServer, type DemoServer } from './support/demo-server.js';

// A made-up example folder, served the way the demo server serves one: page scripts first, then static files.
let dir: string;
let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'page-scripts-'));
  await mkdir(join(dir, 'demo', 'page', 'parts'), { recursive: true });
  await writeFile(join(dir, 'demo', 'page', 'main.ts'), "import { greet } from './greet.js';\nconst who: string = 'page';\ngreet(who);\n");
  await writeFile(join(dir, 'demo', 'page', 'greet.ts'), 'export function greet(name: string): void {\n  console.log(name);\n}\n');
  await writeFile(join(dir, 'demo', 'page', 'parts', 'deep.ts'), 'export const deep: number = 1;\n');
  await writeFile(join(dir, 'demo', 'page', 'vendor.js'), '/* shipped as JavaScript */ export const v = 1;\n');
  await writeFile(join(dir, 'demo', 'page', 'vendor.ts'), 'export const v: number = 2;\n');
  await writeFile(join(dir, 'secret.ts'), 'export const secret: string = "outside the page folder";\n');

  const app = new Hono();
  app.use('/*', pageScripts(dir));
  app.use('/demo/*', serveStatic({ root: relative(process.cwd(), join(dir, 'demo', 'page')), rewriteRequestPath: (path) => path.slice('/demo'.length) }));
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      url = `http://127.0.0.1:${info.port}`;
      resolve();
    });
    close = () => new Promise((done) => server.close(() => done()));
  });
});
afterAll(async () => {
  await close?.();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${url}${path}`, { redirect: 'manual' });

describe('page scripts', () => {
  it('compiles a `.ts` module requested by its own name', async () => {
    const response = await get('/demo/main.ts');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await response.text();
    expect(code).toContain("import { greet } from \"./greet.js\"");
    expect(code).not.toContain(': string');
  });

  it('answers a `.js` import with the matching `.ts` compiled, without a redirect', async () => {
    const response = await get('/demo/greet.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await response.text();
    expect(code).toContain('function greet(name)');
    expect(code).not.toContain(': string');

    const nested = await get('/demo/parts/deep.js');
    expect(nested.status).toBe(200);
    expect(await nested.text()).toContain('const deep = 1');
  });

  it('leaves a real `.js` file to the static files, and a `.js` with no source to a 404', async () => {
    const vendor = await get('/demo/vendor.js');
    expect(vendor.status).toBe(200);
    expect(await vendor.text()).toContain('shipped as JavaScript');
    expect((await get('/demo/missing.js')).status).toBe(404);
  });

  it('serves nothing outside an example page folder', async () => {
    for (const path of ['/demo/..%2F..%2Fsecret.js', '/demo/%2E%2E/%2E%2E/secret.ts', '/%2E%2E/secret.js', '/demo/%E0%A4%A.js']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('the demo server', () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer();
  });
  afterAll(() => server?.close());

  it("serves every example page's `./x.js` imports compiled from `x.ts`", async () => {
    for (const [example, main] of [['slides', 'main.ts'], ['persona', 'main.ts'], ['discovery', 'main.ts'], ['study', 'main.ts']] as const) {
      const code = await (await fetch(`${server.url}/${example}/${main}`)).text();
      const imports = [...code.matchAll(/from\s+"\.\/([\w-]+\.js)"/g)].map((match) => match[1]!);
      expect(imports.length, example).toBeGreaterThan(0);
      for (const module of imports) {
        const response = await fetch(`${server.url}/${example}/${module}`, { redirect: 'manual' });
        expect(response.status, `${example}/${module}`).toBe(200);
        expect(response.headers.get('content-type'), `${example}/${module}`).toBe('text/javascript; charset=utf-8');
      }
    }
  });
});
