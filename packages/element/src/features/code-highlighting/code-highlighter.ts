import hljs from 'highlight.js/lib/core';
import { css, html, render, type CSSResult } from 'lit';
import { languageOf } from './code-languages.js';

/**
 * Highlights a finished code block in place (in its chunk, chunks/code-highlighter.ts, loaded the first time one
 * closes: highlight-code.ts). highlight.js finds the scopes; its output is taken as a tree (ScopeTree, given to it
 * as its emitter) and drawn with Lit, so the code reaches the DOM as text, never as HTML: highlight.js's own HTML
 * string is not made.
 */

interface Scope {
  scope: string;
  children: Array<Scope | string>;
}

/**
 * What highlight.js calls while it reads, kept as a tree: the emitter interface its core documents (addText,
 * startScope, endScope, __addSublanguage, finalize, toHTML) and the openNode / closeNode it also calls.
 */
class ScopeTree {
  readonly root: Scope = { scope: '', children: [] };
  readonly #open: Scope[] = [this.root];

  addText(text: string): void {
    if (text) this.#open.at(-1)!.children.push(text);
  }

  startScope(scope: string): void {
    const node: Scope = { scope, children: [] };
    this.#open.at(-1)!.children.push(node);
    this.#open.push(node);
  }

  endScope(): void {
    if (this.#open.length > 1) this.#open.pop();
  }

  /** What a mode's own scope opens with (highlight.js 11 calls both names). */
  openNode(scope: string): void {
    this.startScope(scope);
  }

  closeNode(): void {
    this.endScope();
  }

  __addSublanguage(emitter: ScopeTree, name: string): void {
    emitter.root.scope = name ? `language:${name}` : '';
    this.#open.at(-1)!.children.push(emitter.root);
  }

  finalize(): boolean {
    this.#open.length = 1;
    return true;
  }

  /** highlight.js asks for it; nothing here uses HTML. */
  toHTML(): string {
    return '';
  }
}

hljs.configure({ __emitter: ScopeTree as never, classPrefix: 'hljs-' });

/** A scope's classes as highlight.js names them: `title.function` → `hljs-title function_`. */
function classes(scope: string): string {
  if (scope.startsWith('language:')) return `language-${scope.slice(9)}`;
  const [first, ...rest] = scope.split('.');
  return [`hljs-${first}`, ...rest.map((part, i) => `${part}${'_'.repeat(i + 1)}`)].join(' ');
}

function view(node: Scope | string): unknown {
  if (typeof node === 'string') return node;
  const children = node.children.map(view);
  return node.scope ? html`<span class=${classes(node.scope)}>${children}</span>` : children;
}

/** Colours of the scopes, from the theme's tokens, light and dark. */
const styles: CSSResult = css`
  .hljs-keyword, .hljs-selector-tag, .hljs-doctag, .hljs-template-tag {
    color: var(--agent-chat-code-keyword, light-dark(#cf222e, #ff7b72));
  }
  .hljs-string, .hljs-regexp, .hljs-meta .hljs-string, .hljs-addition {
    color: var(--agent-chat-code-string, light-dark(#0a3069, #a5d6ff));
  }
  .hljs-number, .hljs-literal, .hljs-attr, .hljs-attribute, .hljs-variable, .hljs-property, .hljs-selector-attr {
    color: var(--agent-chat-code-number, light-dark(#0550ae, #79c0ff));
  }
  .hljs-comment, .hljs-quote, .hljs-meta, .hljs-deletion {
    color: var(--agent-chat-code-comment, light-dark(#6e7781, #8b949e));
  }
  .hljs-comment, .hljs-quote {
    font-style: italic;
  }
  .hljs-title, .hljs-section, .hljs-selector-id, .hljs-selector-class {
    color: var(--agent-chat-code-function, light-dark(#8250df, #d2a8ff));
  }
  .hljs-type, .hljs-built_in, .hljs-title.class_, .hljs-name, .hljs-tag, .hljs-symbol, .hljs-bullet {
    color: var(--agent-chat-code-type, light-dark(#953800, #ffa657));
  }
  .hljs-emphasis {
    font-style: italic;
  }
  .hljs-strong {
    font-weight: 600;
  }
`;

/** Adds the scopes' colours to the shadow root (or document) the block is in, once. */
function adoptStyles(code: Element): void {
  const root = code.getRootNode() as Document | ShadowRoot;
  const sheet = styles.styleSheet;
  if (!sheet || !('adoptedStyleSheets' in root) || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * Highlights the code in `code` as `language` (a fence's name: `js`, `python`, …). Resolves false, leaving it
 * as it is, when the language is not one we highlight or its definition cannot be loaded.
 */
export async function highlightCode(code: HTMLElement, language: string): Promise<boolean> {
  const known = languageOf(language);
  if (!known) return false;
  if (!hljs.getLanguage(known.name)) {
    try {
      hljs.registerLanguage(known.name, (await known.load()).default);
    } catch {
      return false;
    }
  }
  const text = code.textContent ?? '';
  const tree = hljs.highlight(text, { language: known.name, ignoreIllegals: true })._emitter as unknown as ScopeTree;
  adoptStyles(code);
  code.textContent = '';
  render(view(tree.root), code);
  code.dataset['highlighted'] = known.name;
  return true;
}
