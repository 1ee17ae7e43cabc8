import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { ContextConsumer } from '@lit/context';
import type { Attachment, Item } from '@agent-chat/protocol';
import { adapterContext } from '../../context/adapter-context.js';
import { itemLabel } from '../../core/mention-tokens.js';
import { tokens } from '../../ui/tokens.js';
import { keepFocusAfterRemoval } from '../../ui/chip-focus.js';
import { Texts } from '../../i18n/texts.js';
import { en, format } from '../../i18n/strings.js';

/**
 * Items as chips: \@mentions (`reference`) or attached items (`attachment`, shown as small cards). Removable
 * in the composer; a click on one tells the host (adapter.onReference), which may show the item.
 */
export class ItemChips extends LitElement {
  static override properties = {
    items: { attribute: false },
    variant: { reflect: true },
    removable: { type: Boolean },
  };

  declare items: readonly (Item | Attachment)[];
  declare variant: 'reference' | 'attachment';
  declare removable: boolean;

  readonly #adapter = new ContextConsumer(this, { context: adapterContext, subscribe: true });
  readonly #strings = new Texts(this, en);

  constructor() {
    super();
    this.items = [];
    this.variant = 'reference';
    this.removable = false;
  }

  protected override render() {
    if (this.items.length === 0) return nothing;
    const t = this.#strings.value;
    const chip = (item: Item | Attachment, index: number): TemplateResult => html`<li class="chip" part=${this.variant}>
      <button type="button" class="label" title=${item.text ?? item.id} @click=${() => this.#adapter.value?.onReference?.(item)}>
        ${this.variant === 'reference' ? '@' : nothing}${itemLabel(item)}${this.variant === 'attachment' && item.type
          ? html`<span class="type">${item.type}</span>`
          : nothing}
      </button>
      ${this.removable
        ? html`<button
            type="button"
            class="remove"
            part="remove"
            data-remove
            aria-label=${format(t.removeItem, { label: itemLabel(item) })}
            @click=${() => {
              keepFocusAfterRemoval(this, index);
              this.dispatchEvent(new CustomEvent('item-remove', { detail: item.id }));
            }}
          >
            ×
          </button>`
        : nothing}
    </li>`;
    // Keyed where chips are removed (a removable list's items are unique: the draft keeps one per id), so no chip's
    // element is handed its neighbour's item; a sent message's chips never move, and may name an item twice.
    return html`<ul class="chips" part="chips" aria-label=${this.variant === 'reference' ? t.mentions : t.attachments}>
      ${this.removable ? repeat(this.items, (item) => item.id, chip) : this.items.map(chip)}
    </ul>`;
  }

  static override styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .chip {
        display: inline-flex;
        align-items: center;
        max-width: 100%;
        border: 1px solid var(--_border);
        border-radius: 999px;
        background: var(--_surface);
        font-size: 0.88em;
      }
      :host([variant='attachment']) .chip {
        border-radius: var(--_radius-small);
        background: var(--_bg);
      }
      button {
        border: 0;
        background: none;
        color: inherit;
        font: inherit;
        cursor: pointer;
      }
      .label {
        overflow: hidden;
        padding: 2px 4px 2px 10px;
        text-overflow: ellipsis;
        white-space: nowrap;
        color: var(--_accent);
      }
      .label:last-child {
        padding-right: 10px;
      }
      :host([variant='attachment']) .label {
        color: var(--_fg);
      }
      .type {
        margin-left: 6px;
        color: var(--_muted);
        font-size: 0.85em;
      }
      .remove {
        padding: 2px 8px 2px 4px;
        color: var(--_muted);
      }
      button:focus-visible {
        outline: 2px solid var(--_accent);
        border-radius: 999px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-item-chips': ItemChips;
  }
}
