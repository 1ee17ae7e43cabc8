import type { Attachment, Context, Item, Reference } from '@agent-chat/protocol';

export interface ContextPolicy {
  /** Up to this many context items are given in full; above it, summarized. Default 50 (seed 003). */
  fullItemLimit: number;
  /** How much of each item's text a summary keeps. Default 200 characters. */
  summaryChars: number;
}

export const DEFAULT_CONTEXT_POLICY: ContextPolicy = { fullItemLimit: 50, summaryChars: 200 };

export interface PromptInput {
  base: string;
  context: Context | undefined;
  references?: readonly Reference[] | undefined;
  attachments?: readonly Attachment[] | undefined;
  policy: ContextPolicy;
}

/**
 * The system prompt of one model call: the host's own text, then the page context in tagged sections.
 * Items the user mentioned or attached are always given in full; the page's items are given in full up to
 * the policy's limit and summarized above it, so a large page does not crowd out the conversation.
 */
export function buildSystemPrompt(input: PromptInput): string {
  const sections = [input.base.trim()];
  const { items, ...page } = input.context ?? {};
  if (Object.keys(page).length > 0) {
    sections.push(tag('page_context', JSON.stringify(page, null, 2)));
  }
  if (items && items.length > 0) {
    const full = items.length <= input.policy.fullItemLimit;
    const body = full
      ? items.map(fullItem).join('\n\n')
      : [summaryCounts(items), ...items.map((item) => summaryItem(item, input.policy.summaryChars))].join('\n');
    sections.push(tag('context_items', body, { count: String(items.length), detail: full ? 'full' : 'summary' }));
  }
  if (input.references?.length) {
    sections.push(tag('referenced_items', input.references.map(fullItem).join('\n\n')));
  }
  if (input.attachments?.length) {
    sections.push(tag('attachments', input.attachments.map(fullItem).join('\n\n')));
  }
  return sections.filter(Boolean).join('\n\n');
}

function tag(name: string, body: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('');
  return `<${name}${attrs}>\n${body}\n</${name}>`;
}

function heading(item: Item): string {
  const type = item.type ? ` (${item.type})` : '';
  const title = item.title ? ` ${item.title}` : '';
  return `[${item.id}]${type}${title}`;
}

function fullItem(item: Item): string {
  const lines = [heading(item)];
  if (item.text) lines.push(item.text);
  if (item.data !== undefined) lines.push(JSON.stringify(item.data));
  return lines.join('\n');
}

function summaryItem(item: Item, chars: number): string {
  const text = item.text ?? '';
  const short = text.length > chars ? `${text.slice(0, chars)}…` : text;
  return short ? `${heading(item)}: ${short.replace(/\s+/g, ' ')}` : heading(item);
}

function summaryCounts(items: readonly Item[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.type ?? 'item', (counts.get(item.type ?? 'item') ?? 0) + 1);
  const parts = [...counts].map(([type, count]) => `${count} ${type}`);
  return `Summary of ${items.length} items (${parts.join(', ')}); ask for an item by id with a tool to read it in full.`;
}
