import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { FinalAnswer } from '@agent-chat/protocol';
import { conversationContext } from '../../context/conversation-context.js';
import { cardTextsEn } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import { format } from '../../i18n/strings.js';
import { MarkdownController } from '../../ui/markdown/markdown-controller.js';
import { markdownStyles } from '../../ui/markdown/markdown-styles.js';
import { safeLinkHref } from '../../core/markdown/safe-url.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { iconStyles, linkIcon } from '../../ui/icons.js';

/**
 * The agent's structured final answer (a `display: 'answer'` tool such as the server's `finalAnswerTool()`):
 * the summary on a card, link badges, and suggestion chips that send their text as the next message.
 * The input comes from the model, so every field is checked before it is shown.
 *
 * @csspart answer-card - The final answer card.
 * @csspart answer-summary - The answer card's summary.
 * @csspart answer-links - The answer card's list of links.
 * @csspart answer-link - Each link of the answer card.
 * @csspart answer-suggestions - The answer card's suggested follow-ups.
 * @csspart answer-suggestion - Each suggested follow-up.
 */
export class AnswerCard extends LitElement {
  static override properties = {
    answer: { attribute: false },
  };

  /** The tool call's input; anything not shaped like a FinalAnswer is skipped field by field. */
  declare answer: unknown;

  readonly #strings = new Texts(this, cardTextsEn);
  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: false });
  /** The summary is markdown, rendered as the agent's replies are (safe links, no raw HTML). */
  readonly #summary = new MarkdownController(this, { allowImages: false });

  protected override willUpdate(changed: PropertyValues<this>): void {
    const reconfigured = this.#summary.configure({ allowImages: false, strings: this.#strings.value });
    if (reconfigured || changed.has('answer')) this.#summary.set(readAnswer(this.answer).summary, false);
  }

  protected override render() {
    const t = this.#strings.value;
    const { summary, links, suggestions } = readAnswer(this.answer);
    return html`<section class="card" part="answer-card" aria-label=${t.agentTurn}>
      ${summary ? html`<div class="summary markdown" part="answer-summary">${this.#summary.markdown.view()}</div>` : nothing}
      ${links.length > 0
        ? html`<ul class="links" part="answer-links" aria-label=${t.answerLinks}>
            ${links.map(
              (link) => html`<li>
                <a part="answer-link" href=${link.href} target=${link.external ? '_blank' : nothing}
                  rel=${link.external ? 'noopener noreferrer' : nothing}>${link.external ? linkIcon : nothing}<span>${link.title}</span></a>
              </li>`,
            )}
          </ul>`
        : nothing}
      ${suggestions.length > 0
        ? html`<ul class="suggestions" part="answer-suggestions" aria-label=${t.answerSuggestions}>
            ${suggestions.map(
              (text) => html`<li>
                <button
                  type="button"
                  part="answer-suggestion"
                  aria-label=${format(t.answerSuggestionLabel, { text })}
                  @click=${() => this.#suggest(text)}
                >
                  ${text}
                </button>
              </li>`,
            )}
          </ul>`
        : nothing}
    </section>`;
  }

  /** As if the user typed it: a reply still streaming queues it (the conversation decides). */
  #suggest(text: string): void {
    this.#conversation.value?.send(text).catch(() => {
      // The conversation shows its own failures.
    });
  }

  static override styles = [
    tokens,
    markdownStyles,
    focusRing,
    iconStyles,
    css`
      :host {
        display: block;
      }
      .card {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: var(--_space);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_card-bg);
        box-shadow: 0 1px 2px rgb(0 0 0 / 0.06);
      }
      .summary {
        overflow-wrap: anywhere;
      }
      .links,
      .suggestions {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .links a {
        display: inline-flex;
        align-items: center;
        gap: 4px;
        max-width: 100%;
        padding: 2px 10px;
        border: 1px solid var(--_border);
        border-radius: 999px;
        background: var(--_surface);
        color: var(--_accent);
        font-size: 0.9em;
        text-decoration: none;
      }
      .links a span {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .links a:hover span {
        text-decoration: underline;
      }
      .suggestions button {
        padding: 4px 12px;
        border: 1px solid var(--_accent);
        border-radius: 999px;
        background: var(--_bg);
        color: var(--_accent);
        font: inherit;
        font-size: 0.92em;
        text-align: start;
        cursor: pointer;
      }
      .suggestions button:hover {
        background: var(--_accent);
        color: var(--_accent-fg);
      }
    `,
  ];
}

interface ShownLink {
  title: string;
  href: string;
  /** Opens in a new tab: a link off the host's site. A path of the app stays in the page's own tab. */
  external: boolean;
}

/** Only what is safe and shaped right: text fields as strings, links that are http(s) or relative. */
export function readAnswer(input: unknown): { summary: string; links: ShownLink[]; suggestions: string[] } {
  const answer = (typeof input === 'object' && input !== null ? input : {}) as Partial<Record<keyof FinalAnswer, unknown>>;
  const summary = typeof answer.summary === 'string' ? answer.summary : '';
  const links: ShownLink[] = [];
  for (const link of Array.isArray(answer.links) ? answer.links : []) {
    const { title, url } = (link ?? {}) as { title?: unknown; url?: unknown };
    if (typeof url !== 'string') continue;
    const href = safeLinkHref(url);
    // mailto is fine inside a reply's text, but a badge is for a place to open.
    if (!href || /^mailto:/i.test(href)) continue;
    const external = /^https?:/i.test(href) || href.startsWith('//');
    links.push({ title: typeof title === 'string' && title.trim() ? title : href, href, external });
  }
  const suggestions = (Array.isArray(answer.suggestions) ? answer.suggestions : []).filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return { summary, links, suggestions };
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-answer-card': AnswerCard;
  }
}
