import { LitElement, css, html, nothing } from 'lit';
import { cardTextsEn } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import { diffWords } from '../../core/diff-words.js';
import { tokens, visuallyHidden } from '../../ui/tokens.js';

/**
 * An edit's before and after as one text with the removed words struck and the added ones marked. `<del>` and
 * `<ins>` are not read out by most screen readers, so each change also says what it is, in words.
 * With only one side (an item being added, or deleted) that side is shown as it is, under its label.
 *
 * @csspart diff - An edit's word diff.
 * @csspart diff-added - Words an edit adds.
 * @csspart diff-removed - Words an edit removes.
 */
export class WordDiff extends LitElement {
  static override properties = {
    oldText: { attribute: false },
    newText: { attribute: false },
  };

  /** The preview's `before` (named apart from Element's own before()/after() methods). */
  declare oldText: string | undefined;
  declare newText: string | undefined;

  readonly #strings = new Texts(this, cardTextsEn);

  protected override render() {
    const t = this.#strings.value;
    const { oldText: before, newText: after } = this;
    if (before === undefined && after === undefined) return nothing;
    if (before === undefined || after === undefined) {
      return html`<div class="side" part="diff">
        <div class="caption">${before === undefined ? t.previewAfter : t.previewBefore}</div>
        <p class="text">${before ?? after}</p>
      </div>`;
    }
    // Built first: inside the pre-wrap paragraph, any whitespace of the template would show.
    const parts = diffWords(before, after).map((part) =>
      part.kind === 'same'
        ? part.text
        : part.kind === 'removed'
          ? html`<del part="diff-removed"><span class="visually-hidden">[${t.diffRemoved}: </span>${part.text}<span
                class="visually-hidden">]</span></del>`
          : html`<ins part="diff-added"><span class="visually-hidden">[${t.diffAdded}: </span>${part.text}<span
                class="visually-hidden">]</span></ins>`,
    );
    return html`<div class="side" part="diff">
      <div class="caption">${t.previewChanges}</div>
      <p class="text">${parts}</p>
    </div>`;
  }

  static override styles = [
    tokens,
    visuallyHidden,
    css`
      :host {
        display: block;
      }
      .caption {
        color: var(--_muted);
        font-size: 0.85em;
        font-weight: 600;
      }
      .text {
        margin: 2px 0 0;
        padding: 6px 8px;
        border-radius: var(--_radius-small);
        background: var(--_surface);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      del {
        background: var(--_removed-bg);
        color: inherit;
        text-decoration-color: var(--_danger);
      }
      ins {
        background: var(--_added-bg);
        color: inherit;
        text-decoration: none;
        border-block-end: 1px solid var(--_success);
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-word-diff': WordDiff;
  }
}
