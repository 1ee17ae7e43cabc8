import { html, nothing, type TemplateResult } from 'lit';
import type { ConversationSnapshot } from '../../context/conversation-context.js';
import type { ElementHost } from '../../context/element-host.js';
import { sumUsage } from '../../core/usage.js';
import { usageText } from '../../ui/usage-text.js';
import type { MessageActionStrings } from './message-action-strings.js';

/**
 * With `show-usage`: the tokens (and cost) the reply to the message `userId` used, over its runs (the stored total,
 * then each run here), its sub-agents included. Nothing without it, or before the server said any.
 */
export function replyUsage(t: MessageActionStrings, state: ConversationSnapshot, userId: string, host: ElementHost | undefined): TemplateResult | typeof nothing {
  const usage = host?.showUsage ? sumUsage(state.usage.flatMap(([id, used]) => (id === userId ? [used] : []))) : undefined;
  if (!usage) return nothing;
  const text = usageText(t, usage, host?.locale);
  return html`<span class="usage" part="reply-usage" role="note" aria-label=${`${t.replyUsage}: ${text}`}>${text}</span>`;
}
