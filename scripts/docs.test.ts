// The docs checked against the code (issue #15): their TypeScript samples typecheck, their links lead somewhere in
// this repository, they name every option, member and event a user meets, and the generated API reference in
// docs/api is what the code generates now.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateReference, readPages, type GeneratedReference } from './docs/api-reference.js';
import { codeBlocks, headingSlugs, links } from './docs/markdown.js';
import { publicNames } from './docs/public-names.js';
import { typecheckSnippets, type Snippet } from './docs/typecheck-snippets.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const REPOSITORY_URL = 'https://github.com/agent-chat/agent-chat/';

/** The docs whose samples must compile: the three users' docs, the two guides, the index and the READMEs. */
const GUIDES = ['docs/README.md', 'docs/host-page.md', 'docs/adapter.md', 'docs/server.md', 'docs/custom-model.md', 'docs/custom-store.md', 'docs/security.md', 'docs/deploy.md'];
const PACKAGE_READMES = ['packages/protocol/README.md', 'packages/server/README.md', 'packages/element/README.md'];
const READMES = ['README.md', ...PACKAGE_READMES];

/** Every markdown file under docs/ (the generated reference included), and the READMEs. */
function allDocs(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return [...found, ...READMES];
}

const read = (doc: string) => readFileSync(join(root, doc), 'utf8');

function insideRepository(path: string): boolean {
  const fromRoot = relative(root, path);
  return fromRoot !== '' && !fromRoot.startsWith('..') && !fromRoot.startsWith(sep);
}

/** Why a link to a file of this repository (and maybe a heading in it) leads nowhere, or undefined when it is fine. */
function brokenTarget(path: string, fragment: string | undefined): string | undefined {
  if (!insideRepository(path)) return 'outside the repository';
  if (!existsSync(path)) return 'no such file';
  if (fragment && path.endsWith('.md') && statSync(path).isFile() && !headingSlugs(readFileSync(path, 'utf8')).has(decodeURIComponent(fragment))) {
    return `no heading #${fragment}`;
  }
  return undefined;
}

describe('the docs (issue #15)', () => {
  it('every ```ts and ```tsx block of the guides and READMEs typechecks against the code (```ts partial is skipped)', () => {
    const snippets: Snippet[] = [];
    for (const doc of [...GUIDES, ...READMES]) {
      for (const block of codeBlocks(read(doc))) {
        if (['ts', 'typescript', 'tsx'].includes(block.lang) && !block.flags.includes('partial')) {
          const file = block.flags.find((flag) => flag.startsWith('file='))?.slice('file='.length);
          snippets.push({ doc, firstLine: block.line + 1, code: block.code, tsx: block.lang === 'tsx', ...(file ? { file } : {}) });
        }
      }
    }
    expect(snippets.length).toBeGreaterThan(15);
    expect(typecheckSnippets(root, snippets, join(root, '.tmp/docs-snippets'))).toEqual([]);
  }, 120_000);

  it('every relative link resolves to a file in this repository, and to a heading in it when it names one', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const doc of allDocs()) {
      const text = read(doc);
      for (const { line, target } of links(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        const [path = '', fragment] = target.split('#', 2);
        const file = path === '' ? join(root, doc) : resolve(join(root, dirname(doc)), decodeURIComponent(path));
        const why = path.startsWith('/') ? 'an absolute path' : brokenTarget(file, fragment);
        checked++;
        if (why) broken.push(`${doc}:${line}: ${target} (${why})`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it('no doc points at files outside the repository', () => {
    const outside: string[] = [];
    for (const doc of allDocs()) {
      read(doc)
        .split('\n')
        .forEach((text, index) => {
          if (/\.\.\/shared\b|(^|[\s(`'"])\/(work|home|root|tmp|Users)\/|file:\/\//.test(text)) outside.push(`${doc}:${index + 1}: ${text.trim()}`);
        });
    }
    expect(outside).toEqual([]);
  });

  it('package READMEs start with a usage example of at most ten lines, and link with repository URLs that resolve', () => {
    const problems: string[] = [];
    for (const doc of PACKAGE_READMES) {
      const text = read(doc);
      const first = codeBlocks(text)[0];
      if (!first) problems.push(`${doc}: no usage example`);
      else if (first.code.split('\n').length > 10) problems.push(`${doc}:${first.line}: the first example has ${first.code.split('\n').length} lines`);
      const targets = links(text);
      if (!targets.some(({ target }) => target.startsWith(`${REPOSITORY_URL}blob/main/docs/`))) problems.push(`${doc}: no link to the docs`);
      for (const { line, target } of targets) {
        if (target.startsWith(REPOSITORY_URL)) {
          const [, path = '', fragment] = /^https:\/\/github\.com\/agent-chat\/agent-chat\/(?:blob|tree)\/main\/([^#]*)(?:#(.*))?$/.exec(target) ?? [];
          const why = path ? brokenTarget(join(root, path), fragment) : 'not a /blob/main/ or /tree/main/ URL';
          if (why) problems.push(`${doc}:${line}: ${target} (${why})`);
        } else if (!/^(https?:|mailto:)/.test(target)) {
          // npm shows the README away from the repository: a relative link would lead nowhere there.
          problems.push(`${doc}:${line}: ${target} (relative; use ${REPOSITORY_URL}blob/main/…)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  describe('they name everything a user meets, as the code declares it', () => {
    const names = publicNames(root);
    /** The names not written in the doc as code: `name`, `name(…)`, `name="…"`, or quoted, 'name'. */
    const missing = (doc: string, wanted: readonly string[]) => {
      const text = read(doc);
      return wanted.filter((name) => !new RegExp("[`']" + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + "[`'(=:\\s]").test(text));
    };

    it('docs/server.md: every option of createAgentChat', () => {
      expect(names.serverOptions.length).toBeGreaterThan(8);
      expect(missing('docs/server.md', names.serverOptions)).toEqual([]);
    });
    it('docs/adapter.md: every member of the adapter', () => {
      expect(names.adapterMembers.length).toBeGreaterThan(8);
      expect(missing('docs/adapter.md', names.adapterMembers)).toEqual([]);
    });
    it('docs/host-page.md: every attribute, property, method and event of <agent-chat>', () => {
      const wanted = [...names.attributes, ...names.propertyOnly, ...names.elementMembers, ...names.events];
      expect(wanted.length).toBeGreaterThan(30);
      expect(missing('docs/host-page.md', wanted)).toEqual([]);
    });
    it('docs/custom-model.md: every event a model yields and every stop reason', () => {
      expect(missing('docs/custom-model.md', [...names.modelEvents, ...names.stopReasons])).toEqual([]);
    });
    it('docs/custom-store.md: every method of a store', () => {
      expect(missing('docs/custom-store.md', names.storeMethods)).toEqual([]);
    });
  });

  describe('the API reference (docs/api, `npm run docs:api`)', () => {
    let generated: GeneratedReference;
    beforeAll(() => {
      generated = generateReference(root, join(root, '.tmp/docs-api'));
    }, 180_000);

    it('generates without errors, and finds no type of ours that a user meets but no entry point exports', () => {
      expect(generated.exitCode, generated.output).toBe(0);
      const unexported = generated.warnings.filter((line) => line.includes('exported by no documented entry point'));
      expect(unexported, 'export each type from its package entry point, or keep the member that shows it out of the public API').toEqual([]);
    });

    it('is committed as the code generates it now', () => {
      const committed = readPages(join(root, 'docs/api'));
      const stale = [...new Set([...generated.pages.keys(), ...committed.keys()])]
        .filter((page) => generated.pages.get(page) !== committed.get(page))
        .sort();
      expect(stale, 'docs/api is out of date: run `npm run docs:api` and commit docs/api').toEqual([]);
    });
  });
});
