// Markdown through the assistant's message bubble the way a reply reaches it, for the conformance tests: once
// streamed (its text growing by a piece per animation frame, as the conversation controller sets it delta by
// delta, then the end of the stream), once given whole (as history, or a reply rendered at once). Many texts go
// side by side in one pass, so a few hundred spec examples cost a few dozen frames, not thousands.
import { MessageBubble } from '../../src/features/message-list/message-bubble.js';

if (!customElements.get('agent-chat-message')) customElements.define('agent-chat-message', MessageBubble);

export interface BothWays {
  streamed: MessageBubble;
  once: MessageBubble;
}

export interface RenderOptions {
  /** Characters per streamed piece. */
  pieceSize?: number;
  /** The host allows images (so the specs' image examples render as images). */
  allowImages?: boolean;
}

function bubble(host: HTMLElement, allowImages: boolean): MessageBubble {
  const el = document.createElement('agent-chat-message');
  el.sender = 'assistant';
  el.allowImages = allowImages;
  host.append(el);
  return el;
}

/**
 * Renders each text in two bubbles: streamed in pieces (the bubble parses and renders at most once per frame, and
 * each piece gets its frame, so every intermediate state is rendered) and then ended, and whole. `host` keeps the
 * bubbles until the caller removes it.
 */
export async function renderBothWays(texts: readonly string[], host: HTMLElement, options: RenderOptions = {}): Promise<BothWays[]> {
  const pieceSize = options.pieceSize ?? 20;
  const allowImages = options.allowImages ?? false;
  const rendered = texts.map((text) => {
    const streamed = bubble(host, allowImages);
    streamed.streaming = true;
    const once = bubble(host, allowImages);
    once.text = text;
    return { streamed, once };
  });
  const pieces = Math.max(0, ...texts.map((text) => Math.ceil(text.length / pieceSize)));
  for (let piece = 1; piece <= pieces; piece++) {
    rendered.forEach(({ streamed }, i) => {
      const text = texts[i]!;
      if ((piece - 1) * pieceSize < text.length) streamed.text = text.slice(0, piece * pieceSize);
    });
    // Resolves after the next animation frame, in which every bubble parses and renders its new text.
    await Promise.all(rendered.map(({ streamed }) => streamed.updateComplete));
  }
  for (const { streamed } of rendered) streamed.streaming = false;
  await Promise.all(rendered.flatMap(({ streamed, once }) => [streamed.updateComplete, once.updateComplete]));
  return rendered;
}

/** The part of a bubble's shadow root that shows its markdown. */
export function markdownRoot(el: MessageBubble): Element {
  const root = el.shadowRoot?.querySelector('[part~="bubble"]');
  if (!root) throw new Error('the bubble has not rendered');
  return root;
}

/** The DOM as markup, Lit's marker comments left out (they are not content, and differ between renders). */
export function markup(el: MessageBubble): string {
  return markdownRoot(el).innerHTML.replace(/<!--[\s\S]*?-->/g, '');
}

/** Whether the renderer shows a single newline inside a paragraph as a line break (chat style) or as a space. */
export async function softBreaksAsBr(): Promise<boolean> {
  const host = document.createElement('div');
  document.body.append(host);
  const [{ once }] = (await renderBothWays(['a\nb\n'], host)) as [BothWays];
  const br = markdownRoot(once).querySelector('p br') !== null;
  host.remove();
  return br;
}
