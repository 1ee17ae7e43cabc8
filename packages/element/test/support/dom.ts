import type { LitElement } from 'lit';
import type { AgentChat } from '../../src/agent-chat.js';
import type { Composer } from '../../src/features/composer/composer.js';
import type { ConfirmCard } from '../../src/features/cards/confirm-card.js';
import type { MessageBubble } from '../../src/features/message-list/message-bubble.js';
import type { MessageList } from '../../src/features/message-list/message-list.js';
import type { NoticeLine } from '../../src/features/message-list/notice-line.js';
import type { ThinkingBlock } from '../../src/features/cards/thinking-block.js';
import type { ToolChip } from '../../src/features/cards/tool-chip.js';

/** Reaching into the element's shadow roots, the way a person sees it: by part, not by implementation detail. */

export function messageList(el: AgentChat): MessageList {
  const list = el.shadowRoot?.querySelector('agent-chat-message-list');
  if (!list) throw new Error('<agent-chat> has not rendered its message list');
  return list;
}

export function composer(el: AgentChat): Composer {
  const part = el.shadowRoot?.querySelector('agent-chat-composer');
  if (!part) throw new Error('<agent-chat> has not rendered its composer');
  return part;
}

export function textarea(el: AgentChat): HTMLTextAreaElement {
  const input = composer(el).shadowRoot?.querySelector('textarea');
  if (!input) throw new Error('the composer has no textarea');
  return input;
}

/** The composer's button: Send, or Stop while a reply streams. */
export function composerButton(el: AgentChat): HTMLButtonElement {
  const button = composer(el).shadowRoot?.querySelector<HTMLButtonElement>('button.stop, button.send');
  if (!button) throw new Error('the composer has no button');
  return button;
}

/** Every match inside the message list, through the turns' own shadow roots, in document order. */
function all<T extends Element>(el: AgentChat, selector: string): T[] {
  return deepAll<T>(messageList(el).shadowRoot!, selector);
}

/** Every element matching `selector` under `root`, through every open shadow root, in document order. */
export function deepAll<T extends Element = HTMLElement>(root: Element | ShadowRoot, selector: string): T[] {
  const found: T[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (el.matches(selector)) found.push(el as T);
    if (el.shadowRoot) found.push(...deepAll<T>(el.shadowRoot, selector));
  }
  return found;
}

export const bubbles = (el: AgentChat) => all<MessageBubble>(el, 'agent-chat-message');
export const userBubbles = (el: AgentChat) => all<MessageBubble>(el, 'agent-chat-message[sender="user"]');
export const assistantBubbles = (el: AgentChat) => all<MessageBubble>(el, 'agent-chat-message[sender="assistant"]');
export const thinkingBlocks = (el: AgentChat) => all<ThinkingBlock>(el, 'agent-chat-thinking');
export const toolChips = (el: AgentChat) => all<ToolChip>(el, 'agent-chat-tool-chip');
export const statusLines = (el: AgentChat) => all<NoticeLine>(el, 'agent-chat-notice[tone="status"]');
export const errorLines = (el: AgentChat) => all<NoticeLine>(el, 'agent-chat-notice[tone="error"]');
export const confirmCards = (el: AgentChat) => all<ConfirmCard>(el, 'agent-chat-confirm-card');

/** The visible text of a part, through its shadow root. */
export function shownText(part: Element): string {
  return (part.shadowRoot?.textContent ?? part.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The frame element of the current layout (floating, docked, drawer, ephemeral), if any. */
export function frameOf(el: AgentChat): LitElement | null {
  return el.shadowRoot?.querySelector<LitElement>(
    'agent-chat-floating-frame, agent-chat-docked-frame, agent-chat-drawer-frame, agent-chat-ephemeral-frame',
  ) ?? null;
}

/** A part inside the current frame's shadow root, e.g. `header`, `panel`, `collapse-button`. */
export function framePart<T extends Element = HTMLElement>(el: AgentChat, part: string): T | null {
  return frameOf(el)?.shadowRoot?.querySelector<T>(`[part~="${part}"]`) ?? null;
}

/** The launcher's button (the shell draws the launcher, beside the frame), and its unread badge. */
export function launcherButton(el: AgentChat): HTMLButtonElement | null {
  return el.shadowRoot?.querySelector('agent-chat-launcher')?.shadowRoot?.querySelector('button') ?? null;
}

export function badgeText(el: AgentChat): string | undefined {
  const badge = el.shadowRoot?.querySelector('agent-chat-launcher')?.shadowRoot?.querySelector('[part~="badge"]');
  return badge?.textContent?.trim();
}

/** The combobox's listbox and its options, inside the composer. */
export function suggestionOptions(el: AgentChat): HTMLElement[] {
  return Array.from(composer(el).shadowRoot?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
}

/** The mentions drawn as tokens in the composer's text (the layer under its textarea): their text and item id. */
export function draftMentions(el: AgentChat): { text: string; id: string }[] {
  return Array.from(composer(el).shadowRoot?.querySelectorAll<HTMLElement>('.mentions .mention') ?? []).map((token) => ({
    text: token.textContent ?? '',
    id: token.dataset['id'] ?? '',
  }));
}

/** The chips above the input: attachments (mentions are tokens in the text now, see draftMentions). */
export function draftChips(el: AgentChat, variant: 'attachment'): string[] {
  const chips = composer(el).shadowRoot?.querySelector(`agent-chat-item-chips[variant="${variant}"]`);
  return Array.from(chips?.shadowRoot?.querySelectorAll('.label') ?? []).map((label) => shownText(label));
}

export const queuedBubbles = (el: AgentChat) => all<HTMLElement>(el, '[part~="queued"]');

/** The center of an element, in viewport CSS px, where sendMouse points. */
export function centerOf(element: Element): [number, number] {
  const rect = element.getBoundingClientRect();
  return [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)];
}
