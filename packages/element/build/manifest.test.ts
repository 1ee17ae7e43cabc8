// custom-elements.json against the code it describes. The manifest is made here as the build makes it (the analyzer
// with custom-elements-manifest.config.mjs); each test takes one kind of thing from the code itself and fails when
// the manifest misses one, describes one that is gone, or leaves one without words:
// - properties and attributes from `AgentChat.properties` (and every public member from the class);
// - events from the `emit(...)` calls (and any composed CustomEvent) in src/, typed as in AgentChatEventMap;
// - parts from what <agent-chat> exposes: its own `part`s and the lists it forwards with `exportparts`;
// - custom properties from the `--agent-chat-*` names the styles read (and the one the element writes);
// - slots from the `<slot name>`s in <agent-chat>'s template.
// docs/theming.md is held to the same lists.
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { AgentChat } from '../src/agent-chat.js';
import * as partLists from '../src/ui/parts.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(packageDir, 'src');
const docs = readFileSync(join(packageDir, '../../docs/theming.md'), 'utf8');

interface Described {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
interface Member extends Described {
  kind: 'field' | 'method';
  privacy?: string;
  attribute?: string;
  reflects?: boolean;
  static?: boolean;
}
interface Attribute extends Described {
  fieldName?: string;
}
interface Declaration extends Described {
  tagName?: string;
  members: Member[];
  attributes: Attribute[];
  events: Described[];
  cssProperties: Described[];
  cssParts: Described[];
  slots: Described[];
}
interface Manifest {
  modules: {
    path: string;
    declarations: Declaration[];
    exports: { kind: string; name: string; declaration: { name: string; module: string } }[];
  }[];
}

/** Every TypeScript file of the element, parsed. */
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => {
    const path = join(srcDir, file);
    const text = readFileSync(path, 'utf8');
    return { file: relative(srcDir, path), text, ast: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true) };
  });

/**
 * The shell's templates: the element's own, its launcher's place (drawn by the launcher's module), and the
 * conversation's place in it, which loads with the conversation.
 */
const SHELL_FILES = ['agent-chat.ts', 'element/launcher.ts', 'element/shell-conversation.ts'];
const shellText = () => SHELL_FILES.map((file) => source(file).text).join('\n');

function source(file: string) {
  const found = sources.find((entry) => entry.file === file);
  if (!found) throw new Error(`no src/${file}`);
  return found;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The value of a module-level string constant of src/ (`const NAME = '…'`), by its name. */
function stringConstant(name: string): string | undefined {
  for (const { ast } of sources) {
    for (const statement of ast.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer && ts.isStringLiteralLike(declaration.initializer)) {
          return declaration.initializer.text;
        }
      }
    }
  }
  return undefined;
}

/** Names of the form `a, b, c` (what `exportparts` and the part lists hold). */
const names = (list: string) => list.split(',').map((name) => name.trim()).filter(Boolean);
const sorted = (items: Iterable<string>) => [...new Set(items)].sort();
const withoutWords = (items: Described[]) => items.filter((item) => !item.description?.trim()).map((item) => item.name);

let element: Declaration;
let manifest: Manifest;

beforeAll(async () => {
  manifest = (await cli({
    argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--quiet'],
    cwd: packageDir,
    noWrite: true,
  })) as Manifest;
  const found = manifest.modules.flatMap((module) => module.declarations).find((entry) => entry.tagName === 'agent-chat');
  if (!found) throw new Error('custom-elements.json has no <agent-chat>');
  element = found;
}, 60_000);

describe('custom-elements.json', () => {
  it('describes <agent-chat> from the files the package ships, and says which import registers it', () => {
    for (const module of manifest.modules) {
      expect(module.path).toMatch(/^dist\/lib\/.+\.js$/);
      expect(existsSync(join(srcDir, module.path.replace(/^dist\/lib\//, '').replace(/\.js$/, '.ts'))), module.path).toBe(true);
    }
    const definitions = manifest.modules.flatMap((module) => module.exports).filter((entry) => entry.kind === 'custom-element-definition');
    expect(definitions).toEqual([{ kind: 'custom-element-definition', name: 'agent-chat', declaration: { name: 'AgentChat', module: 'dist/lib/agent-chat.js' } }]);
    expect(source('define.ts').text).toMatch(/defineAgentChat\(\)/);
    expect(element.description).toBeTruthy();
  });

  it('lists every declared reactive property, with its type and words, and its attribute; internal state is left out', () => {
    const declared = Object.entries(AgentChat.properties as Record<string, { attribute?: string | boolean; reflect?: boolean; state?: boolean }>);
    const publicOnes = declared.filter(([, options]) => !options.state);
    const fields = new Map(element.members.filter((member) => member.kind === 'field').map((member) => [member.name, member]));
    for (const [name, options] of publicOnes) {
      const field = fields.get(name);
      expect(field, `property ${name}`).toBeDefined();
      expect(field!.type?.text, `type of ${name}`).toBeTruthy();
      expect(field!.description?.trim(), `words for ${name}`).toBeTruthy();
      expect(Boolean(field!.reflects), `${name} reflects`).toBe(Boolean(options.reflect));
    }
    for (const [name] of declared.filter(([, options]) => options.state)) {
      expect(fields.has(name), `internal state ${name}`).toBe(false);
    }

    // Lit's attribute for a property: the name it is given, none for `attribute: false`, else the name lowercased.
    const expected = publicOnes
      .filter(([, options]) => options.attribute !== false)
      .map(([name, options]) => `${typeof options.attribute === 'string' ? options.attribute : name.toLowerCase()} → ${name}`);
    // An attribute with no property (documented by `@attr` in the class comment) is one the code reads itself.
    const attributeOnly = element.attributes.filter((attribute) => attribute.fieldName === undefined).map((attribute) => attribute.name);
    const sourceText = sources.map((source) => source.text).join('\n');
    for (const name of attributeOnly) expect(sourceText, `getAttribute('${name}') somewhere in src/`).toContain(`getAttribute('${name}')`);
    expect(sorted(element.attributes.filter((attribute) => attribute.fieldName !== undefined).map((attribute) => `${attribute.name} → ${attribute.fieldName}`))).toEqual(sorted(expected));
    for (const attribute of element.attributes) {
      expect(attribute.type?.text, `type of ${attribute.name}`).toBeTruthy();
      expect(attribute.description?.trim(), `words for ${attribute.name}`).toBeTruthy();
    }
  });

  it('lists every public method and getter of the class, each with words', () => {
    // Lit's lifecycle is protected in TypeScript, which the prototype does not show.
    const lifecycle = new Set(['constructor', 'connectedCallback', 'disconnectedCallback', 'willUpdate', 'render', 'updated', 'firstUpdated', 'shouldUpdate']);
    const onPrototype = Object.getOwnPropertyNames(AgentChat.prototype).filter((name) => !lifecycle.has(name));
    const listed = new Set(element.members.map((member) => member.name));
    for (const name of onPrototype) expect(listed.has(name), `member ${name}`).toBe(true);
    expect(withoutWords(element.members.filter((member) => member.privacy !== 'private'))).toEqual([]);
    expect(element.members.filter((member) => member.privacy === 'private' || member.name.startsWith('#'))).toEqual([]);
  });

  it('lists every event the code fires at the host, typed with its detail as AgentChatEventMap says', () => {
    // Module-level string constants, for an event named through one (REFERENCE_EVENT).
    const constants = new Map<string, string>();
    for (const { ast } of sources) {
      walk(ast, (node) => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteral(node.initializer)) {
          constants.set(node.name.text, node.initializer.text);
        }
      });
    }
    const eventNames = (node: ts.Expression): string[] => {
      if (ts.isStringLiteralLike(node)) return [node.text];
      if (ts.isConditionalExpression(node)) return [...eventNames(node.whenTrue), ...eventNames(node.whenFalse)];
      if (ts.isParenthesizedExpression(node)) return eventNames(node.expression);
      if (ts.isIdentifier(node) && constants.has(node.text)) return [constants.get(node.text)!];
      throw new Error(`an event named by ${node.getText()}: give it a literal name or a constant`);
    };
    const fired = new Set<string>();
    // events.ts is emit() itself: its CustomEvent is every event's.
    for (const { ast } of sources.filter(({ file }) => file !== 'events.ts')) {
      walk(ast, (node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'emit') {
          for (const name of eventNames(node.arguments[1]!)) fired.add(name);
        }
        // A feature fires them through the element's host (ElementHost.emit), which names the event first.
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'emit') {
          for (const name of eventNames(node.arguments[0]!)) fired.add(name);
        }
        // An event dispatched by hand reaches the host only when it is composed.
        if (ts.isNewExpression(node) && node.expression.getText() === 'CustomEvent' && /composed:\s*true/.test(node.arguments?.[1]?.getText() ?? '')) {
          for (const name of eventNames(node.arguments![0]!)) fired.add(name);
        }
      });
    }
    expect(fired.size).toBeGreaterThan(0);

    const eventMap = new Map<string, string>();
    walk(source('events.ts').ast, (node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'AgentChatEventMap') {
        for (const member of node.members) {
          if (ts.isPropertySignature(member) && member.type) eventMap.set((member.name as ts.StringLiteral).text, member.type.getText());
        }
      }
    });
    expect(sorted(eventMap.keys()), 'AgentChatEventMap against the events fired').toEqual(sorted(fired));
    expect(sorted(element.events.map((event) => event.name))).toEqual(sorted(fired));
    for (const event of element.events) expect(event.type?.text, `type of ${event.name}`).toBe(eventMap.get(event.name));
    expect(withoutWords(element.events)).toEqual([]);
  });

  describe('parts', () => {
    const lists: Record<string, unknown> = { ...partLists };
    const shell = shellText();
    /** Each frame's view (chunks/<frame>-frame.ts): how the shell draws the frame, and the parts it forwards. */
    const views = sources.filter(({ file }) => /^chunks[\\/]\w+-frame\.ts$/.test(file));
    /** The part names of every `exportparts="…"` list written out in a text. */
    const forwardedIn = (text: string) => [...text.matchAll(/exportparts="([^"]*)"/g)].flatMap((match) => names(match[1]!));
    /** Tokens of every `part="…"` in a text, without the ones an expression supplies (`bubble ${sender}`). */
    // In a template (`part="…"`), or set on an element built as DOM (`setAttribute('part', '…')`, the markdown's).
    const partsIn = (text: string) =>
      [...text.matchAll(/\bpart="([^"]*)"|setAttribute\('part', '([^']*)'\)/g)]
        .flatMap((match) => (match[1] ?? match[2]!).split(/\s+/))
        .filter((token) => token && !token.includes('$'));
    /**
     * What a page reaches with `agent-chat::part(…)`: the shell's own parts and the lists it and the frames' views
     * forward, and those a part in the shell's shadow root forwards itself (`setAttribute('exportparts', LIST)`).
     */
    const reachable = new Set([
      ...partsIn(shell),
      ...sources.flatMap(({ text }) =>
        [...text.matchAll(/setAttribute\('exportparts', (\w+)\)/g)].flatMap((match) => {
          const list = stringConstant(match[1]!);
          if (list === undefined) throw new Error(`a part forwards ${match[1]}, which is no string constant of src/`);
          return names(list);
        }),
      ),
      ...[shell, ...views.map(({ text }) => text)].flatMap(forwardedIn),
      ...[...shell.matchAll(/exportparts=\$\{(\w+)\}/g)].flatMap((match) => {
        const list = lists[match[1]!];
        if (typeof list !== 'string') throw new Error(`agent-chat.ts forwards ${match[1]}, which is no part list`);
        return names(list);
      }),
    ]);
    const inTemplates = new Set(sources.flatMap(({ text }) => partsIn(text)));
    /** Parts that stay inside their component: no level forwards them, so a page cannot style them. */
    const notForwarded: Record<string, string> = {
      chips: 'the composer’s row of mentioned items (agent-chat-item-chips)',
      remove: 'an item chip’s × button',
      reference: 'a reference chip inside a reply’s markdown',
      copy: 'a code block’s copy button',
      'quick-actions': 'the composer’s row of quick actions',
      'quick-action': 'each quick action',
      'a2ui-surface': 'an A2UI surface, in the a2ui chunk’s element',
      'a2ui-act': 'the line that says a user’s act on an A2UI surface',
    };

    it('lists exactly the parts a page can reach, each with words', () => {
      expect(reachable.size).toBeGreaterThan(40);
      expect(sorted(element.cssParts.map((part) => part.name))).toEqual(sorted(reachable));
      expect(withoutWords(element.cssParts)).toEqual([]);
    });

    it('forwards only parts that exist, and every part in a template is forwarded or known to stay inside', () => {
      expect(sorted([...reachable].filter((name) => !inTemplates.has(name))), 'forwarded but in no template').toEqual([]);
      const unaccounted = [...inTemplates].filter((name) => !reachable.has(name) && !(name in notForwarded));
      expect(sorted(unaccounted), 'in a template, neither forwarded nor listed as internal').toEqual([]);
      for (const name of Object.keys(notForwarded)) {
        expect(inTemplates.has(name) && !reachable.has(name), `${name} is internal`).toBe(true);
      }
    });

    it('forwards every part of each frame (its view) and of the launcher', () => {
      expect(views.map(({ file }) => file.replaceAll('\\', '/')).sort()).toEqual(
        ['docked', 'drawer', 'ephemeral', 'floating'].map((frame) => `chunks/${frame}-frame.ts`),
      );
      for (const view of views) {
        const frame = source(view.file.replace(/^chunks/, 'features/frames'));
        const unforwarded = partsIn(frame.text).filter((name) => !forwardedIn(view.text).includes(name));
        expect(sorted(unforwarded), `${frame.file}: parts its view does not forward`).toEqual([]);
      }
      const launcher = partsIn(source('element/launcher.ts').text);
      expect(sorted(launcher.filter((name) => !forwardedIn(shell).includes(name))), 'the launcher’s parts').toEqual([]);
    });
  });

  it('lists every --agent-chat-* custom property the styles read or the element sets, with words and the default the code uses', () => {
    // Only code: string and template text, not comments (this file's JSDoc in agent-chat.ts is the manifest's source).
    const used = new Set<string>();
    const fallbacks = new Map<string, string>();
    for (const { ast } of sources) {
      walk(ast, (node) => {
        if (!(ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))) return;
        for (const [name] of node.text.matchAll(/--agent-chat-[a-z0-9-]+/g)) used.add(name);
        for (const [name, fallback] of varFallbacks(node.text)) fallbacks.set(name, fallback);
      });
    }
    expect(used.size).toBeGreaterThan(25);
    expect(sorted(element.cssProperties.map((property) => property.name))).toEqual(sorted(used));
    expect(withoutWords(element.cssProperties)).toEqual([]);
    // A literal fallback is the default; one that names another knob (var(--_accent)) is described in words.
    for (const property of element.cssProperties) {
      const fallback = fallbacks.get(property.name);
      if (fallback && !fallback.includes('var(')) expect(property.default, `default of ${property.name}`).toBe(fallback);
    }
  });

  it('lists the slots <agent-chat> offers the host, each forwarded to a part that shows it', () => {
    const shell = shellText();
    const offered = [...shell.matchAll(/<slot name="([\w-]+)"/g)].map((match) => match[1]!);
    expect(sorted(element.slots.map((slot) => slot.name))).toEqual(sorted(offered));
    expect(offered.length).toBeGreaterThanOrEqual(3);
    expect(withoutWords(element.slots)).toEqual([]);
    for (const name of offered) {
      const receivers = sources.filter(({ file, text }) => !SHELL_FILES.includes(file) && text.includes(`<slot name="${name}">`));
      expect(receivers.length, `a part with <slot name="${name}">`).toBeGreaterThan(0);
    }
  });

  it('docs/theming.md names every part, custom property and slot the manifest lists', () => {
    const everything = [...element.cssParts, ...element.cssProperties, ...element.slots].map((item) => item.name);
    expect(everything.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});

/** `var(--agent-chat-x, <fallback>)` in a piece of CSS → [name, fallback], brackets balanced. */
function varFallbacks(css: string): [string, string][] {
  const found: [string, string][] = [];
  for (const match of css.matchAll(/var\(\s*(--agent-chat-[a-z0-9-]+)\s*,/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < css.length && depth > 0; end++) {
      if (css[end] === '(') depth++;
      if (css[end] === ')') depth--;
    }
    found.push([match[1]!, css.slice(match.index + match[0].length, end - 1).trim().replace(/\s+/g, ' ')]);
  }
  return found;
}
