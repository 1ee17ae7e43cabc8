import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { PendingCall, ToolDescriptor, ToolResultTurn } from '@agent-chat/protocol';
import type { CardDecision, DecideFunction } from '../../context/card-actions.js';
import type { SchemaForm } from './schema-form.js';
import { humanize } from './schema-fields.js';
import type { JsonSchema } from './schema-fields.js';
import { cardTextsEn } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import type { CardStringKey } from './card-strings.js';
import { format } from '../../i18n/strings.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { iconStyles, spinner } from '../../ui/icons.js';
import { valueList, valueListStyles } from './value-list.js';

export type CardStatus = 'pending' | 'sending' | 'applied' | 'cancelled' | 'failed' | 'stopped' | 'error';

const STATUS_TEXT: Record<CardStatus, CardStringKey> = {
  pending: 'cardPending',
  sending: 'cardSending',
  applied: 'cardApplied',
  cancelled: 'cardCancelled',
  failed: 'cardFailed',
  stopped: 'cardStopped',
  error: 'cardPending',
};

/** The marks of the answered states, as the tool chips have them. */
const GLYPH: Partial<Record<CardStatus, string>> = { applied: '✓ ', failed: '✗ ', stopped: '■ ' };

/** A failure's or a stop's own words are worth a line on the card; a person needs the start of them. */
const MAX_OUTCOME_CHARS = 300;

/** The server's words for a call the user refused or skipped, in histories stored before results said so (`confirmation`). */
const NOT_RUN = /^(The user refused this action|Not run: the user sent a new message)/;

let cardIds = 0;

/**
 * A call that waits for the user (seed 003's confirmation cards): what it will do — the label, the preview's
 * before/after as a word diff, the impact of a delete, the input — and Confirm, Edit, Cancel. Edit turns the
 * input into a form from the tool's schema, checked before anything is sent. After the answer the card stays,
 * greyed, saying what became of the call; a refused answer (a 400) shows in red with the actions back.
 *
 * @csspart card - A confirmation card.
 * @csspart card-status - A confirmation card's state badge.
 * @csspart card-error - A confirmation card's error message.
 * @csspart card-confirm - A confirmation card's Confirm button (and the edit form's).
 * @csspart card-edit - A confirmation card's Edit button.
 * @csspart card-cancel - A confirmation card's Cancel button.
 * @csspart card-discard - The edit form's Discard button.
 */
export class ConfirmCard extends LitElement {
  static override properties = {
    call: { attribute: false },
    tool: { attribute: false },
    result: { attribute: false },
    decide: { attribute: false },
    status: { reflect: true },
    editing: { state: true },
    error: { state: true },
    busy: { state: true },
  };

  declare call: PendingCall | undefined;
  /** The tool's descriptor (GET /tools): its schema makes the edit form. Without it, Edit is not offered. */
  declare tool: ToolDescriptor | undefined;
  /** The call's result once it has one: the card then says applied, cancelled, failed or stopped. */
  declare result: ToolResultTurn | undefined;
  declare decide: DecideFunction | undefined;
  /** Reflected for styling and tests; computed, never set from outside. */
  declare status: CardStatus;
  declare private editing: boolean;
  declare private error: string;
  declare private busy: boolean;

  readonly #strings = new Texts(this, cardTextsEn);
  readonly #ids = `card-${++cardIds}`;
  /** The answer given here, remembered so a denial reads as cancelled even before its result arrives. */
  #answered: CardDecision['action'] | undefined;

  constructor() {
    super();
    this.status = 'pending';
    this.editing = false;
    this.error = '';
    this.busy = false;
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    this.status = this.#computeStatus();
  }

  #computeStatus(): CardStatus {
    const result = this.result;
    if (result) {
      // A confirmed write that the user stopped part-way did not simply apply.
      if (result.stopped) return 'stopped';
      const action = result.confirmation?.action;
      const output = typeof result.output === 'string' ? result.output : '';
      if (this.#answered === 'deny' || action === 'deny' || action === 'skip' || (!action && result.isError && NOT_RUN.test(output))) {
        return 'cancelled';
      }
      return result.isError ? 'failed' : 'applied';
    }
    if (this.busy) return 'sending';
    if (this.error) return 'error';
    if (this.#answered === 'deny') return 'cancelled';
    return this.#answered ? 'sending' : 'pending';
  }

  protected override render() {
    const call = this.call;
    if (!call) return nothing;
    const t = this.#strings.value;
    const preview = call.preview ?? {};
    const title = preview.title || call.label || humanize(call.name);
    const open = this.status === 'pending' || this.status === 'error';
    const schema = editableSchema(this.tool);
    const hasPreview = preview.before !== undefined || preview.after !== undefined || (preview.impact?.length ?? 0) > 0;
    // Once answered, the input that ran: the user's, when they edited it.
    const input = this.result?.confirmation?.input ?? call.input;
    return html`<article class="card" part="card" tabindex="-1" aria-labelledby="${this.#ids}-title" aria-describedby="${this.#ids}-status">
      <div class="head">
        <div class="title" id="${this.#ids}-title">${title}</div>
        <span class="badge" id="${this.#ids}-status" part="card-status">
          ${this.status === 'sending' ? spinner : GLYPH[this.status] ?? nothing}${t[STATUS_TEXT[this.status]]}
        </span>
      </div>
      ${title !== call.label && call.label ? html`<div class="label">${call.label}</div>` : nothing}
      ${this.editing && schema
        ? html`<agent-chat-schema-form
            .schema=${schema}
            .value=${call.input}
            @agent-chat-form-submit=${this.#submitEdit}
            @keydown=${this.#onFormKeyDown}
          ></agent-chat-schema-form>`
        : html`${preview.before !== undefined || preview.after !== undefined
              ? html`<agent-chat-word-diff .oldText=${preview.before} .newText=${preview.after}></agent-chat-word-diff>`
              : nothing}
            ${preview.impact?.length
              ? html`<div class="impact">
                  <div class="caption" id="${this.#ids}-impact">${t.previewImpact}</div>
                  <ul aria-labelledby="${this.#ids}-impact">
                    ${preview.impact.map((line) => html`<li>${line}</li>`)}
                  </ul>
                </div>`
              : nothing}
            ${hasPreview
              ? html`<details class="input">
                  <summary>${t.previewInput}</summary>
                  ${inputList(input, this.tool)}
                </details>`
              : inputList(input, this.tool)}`}
      ${this.#renderOutcome()}
      ${this.status === 'error' ? html`<p class="error" part="card-error" role="alert">${format(t.cardError, { message: this.error })}</p>` : nothing}
      ${open ? this.#renderActions(Boolean(schema), Boolean(preview.impact?.length)) : nothing}
    </article>`;
  }

  /** Why it failed, or how far it got before the stop: the result's own words, when they are text. */
  #renderOutcome() {
    const output = this.result?.output;
    if ((this.status !== 'failed' && this.status !== 'stopped') || typeof output !== 'string' || !output) return nothing;
    const text = output.length > MAX_OUTCOME_CHARS ? `${output.slice(0, MAX_OUTCOME_CHARS)}…` : output;
    return html`<p class="outcome">${text}</p>`;
  }

  #renderActions(canEdit: boolean, destructive: boolean) {
    const t = this.#strings.value;
    if (this.editing) {
      return html`<div class="actions">
        <button type="button" class="primary" part="card-confirm" @click=${this.#submitEdit}>${t.editConfirm}</button>
        <button type="button" part="card-discard" @click=${this.#discardEdit}>${t.editDiscard}</button>
      </div>`;
    }
    // The tool's own words and tone for it ("Apply", "Confirm deletion" in red); else a delete with an impact is red.
    const button = this.call?.confirmButton;
    const danger = button?.tone ? button.tone === 'danger' : destructive;
    return html`<div class="actions">
      <button type="button" class="primary ${danger ? 'danger' : ''}" part="card-confirm" @click=${() => this.#answer({ action: 'approve' })}>
        ${button?.label || t.confirm}
      </button>
      ${canEdit ? html`<button type="button" part="card-edit" @click=${this.#startEdit}>${t.edit}</button>` : nothing}
      <button type="button" part="card-cancel" @click=${() => this.#answer({ action: 'deny' })}>${t.cancel}</button>
    </div>`;
  }

  async #startEdit(): Promise<void> {
    this.editing = true;
    this.error = '';
    await this.updateComplete;
    const form = this.#form;
    await form?.updateComplete;
    form?.focus();
  }

  async #discardEdit(): Promise<void> {
    this.editing = false;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="card-edit"]')?.focus();
  }

  #submitEdit(): void {
    const checked = this.#form?.check();
    if (!checked?.ok) return;
    void this.#answer({ action: 'edit', input: checked.value });
  }

  /** Escape leaves the form (and stops there: the panel around must not close on it). */
  #onFormKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    void this.#discardEdit();
  }

  get #form(): SchemaForm | null {
    return this.renderRoot.querySelector('agent-chat-schema-form');
  }

  async #answer(decision: CardDecision): Promise<void> {
    const call = this.call;
    if (!call || !this.decide || this.busy) return;
    this.busy = true;
    this.error = '';
    // The buttons are about to go: keep keyboard focus on the card rather than losing it to the page.
    this.renderRoot.querySelector<HTMLElement>('.card')?.focus();
    try {
      await this.decide(call, decision);
      this.#answered = decision.action;
      this.editing = false;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.busy = false;
    }
    if (this.error) {
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[part="card-confirm"]')?.focus();
    }
  }

  static override styles = [
    tokens,
    focusRing,
    iconStyles,
    valueListStyles,
    css`
      :host {
        display: block;
      }
      .card {
        display: flex;
        flex-direction: column;
        gap: 8px;
        padding: var(--_space);
        border: 1px solid var(--_border);
        border-inline-start: 3px solid var(--_accent);
        border-radius: var(--_radius);
        background: var(--_card-bg);
      }
      .card:focus {
        outline: none;
      }
      .card:focus-visible {
        outline: 2px solid var(--_focus);
      }
      :host([status='applied']) .card,
      :host([status='cancelled']) .card,
      :host([status='failed']) .card,
      :host([status='stopped']) .card {
        border-inline-start-color: var(--_border);
        background: var(--_surface);
      }
      :host([status='applied']) .title,
      :host([status='cancelled']) .title {
        color: var(--_muted);
      }
      :host([status='cancelled']) .title {
        text-decoration: line-through;
      }
      :host([status='error']) .card {
        border-color: var(--_danger);
      }
      .head {
        display: flex;
        align-items: baseline;
        justify-content: space-between;
        gap: 8px;
      }
      .title {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .badge {
        flex: none;
        display: inline-flex;
        align-items: center;
        gap: 4px;
        color: var(--_muted);
        font-size: 0.85em;
      }
      :host([status='applied']) .badge {
        color: var(--_success);
      }
      :host([status='failed']) .badge,
      :host([status='error']) .badge {
        color: var(--_danger);
      }
      .label,
      .caption {
        color: var(--_muted);
        font-size: 0.9em;
      }
      .impact ul {
        margin: 2px 0 0;
        padding-inline-start: 1.2em;
      }
      details.input summary {
        width: fit-content;
        color: var(--_muted);
        font-size: 0.9em;
        cursor: pointer;
        border-radius: 4px;
      }
      .fields {
        margin-block-start: 4px;
        font-size: 0.92em;
      }
      .error {
        margin: 0;
        color: var(--_danger);
      }
      .outcome {
        margin: 0;
        color: var(--_muted);
        font-size: 0.9em;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
      button {
        padding: 5px 12px;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_bg);
        color: var(--_fg);
        font: inherit;
        font-weight: 600;
        cursor: pointer;
      }
      button.primary {
        border-color: transparent;
        background: var(--_accent);
        color: var(--_accent-fg);
      }
      button.danger {
        background: var(--_danger);
        color: var(--_bg);
      }
    `,
  ];
}

/** The edit form needs an object schema with fields; anything else can only be confirmed or cancelled. */
function editableSchema(tool: ToolDescriptor | undefined): JsonSchema | undefined {
  const schema = tool?.inputSchema as JsonSchema | undefined;
  return schema && schema.properties && Object.keys(schema.properties).length > 0 ? schema : undefined;
}

/** The input as a list, each field under its title for people (the schema's, when the tool's descriptor is known). */
function inputList(input: unknown, tool: ToolDescriptor | undefined) {
  if (input === undefined || (typeof input === 'object' && input !== null && Object.keys(input).length === 0)) return nothing;
  return html`<div class="fields">${valueList(input, tool?.inputSchema as JsonSchema | undefined)}</div>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-confirm-card': ConfirmCard;
  }
}
