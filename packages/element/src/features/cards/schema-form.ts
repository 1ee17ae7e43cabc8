import { LitElement, css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { cardTextsEn, type CardTextTable } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import { format } from '../../i18n/strings.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { fieldIssue, formFields, fromRaw, toRaw, type FormField, type JsonSchema, type RawValue } from './schema-fields.js';

export type FormCheck = { ok: true; value: Record<string, unknown> } | { ok: false };

/**
 * A form generated from a tool's input schema, holding the call's input for the user to change. It has no
 * buttons: its owner (the confirmation card) calls `check()`, which refuses an invalid value with a message
 * next to each wrong field and moves focus to the first, or returns the value to send.
 * Enter in a one-line field asks the owner to submit (`agent-chat-form-submit`).
 *
 * @csspart form - A confirmation card's edit form.
 * @csspart form-field - Each field of the edit form.
 * @csspart form-error - A field's message.
 */
export class SchemaForm extends LitElement {
  static override properties = {
    schema: { attribute: false },
    value: { attribute: false },
    raw: { state: true },
    issues: { state: true },
  };

  declare schema: JsonSchema | undefined;
  /** The input to start from (the call's input). */
  declare value: unknown;
  declare private raw: Record<string, RawValue>;
  /** Messages by field name; `''` holds a problem with the input as a whole. */
  declare private issues: Record<string, string>;

  readonly #strings = new Texts(this, cardTextsEn);
  #fields: FormField[] = [];

  constructor() {
    super();
    this.raw = {};
    this.issues = {};
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('schema') || changed.has('value')) {
      this.#fields = this.schema ? formFields(this.schema, this.value) : [];
      const input = isObject(this.value) ? this.value : {};
      this.raw = Object.fromEntries(this.#fields.map((field) => [field.name, toRaw(field, input[field.name])]));
      this.issues = {};
    }
  }

  /** Validate what is in the form; the value to send, or `{ ok: false }` with the messages shown. */
  check(): FormCheck {
    const t = this.#strings.value;
    const issues: Record<string, string> = {};
    // Properties the form does not show (none, for a plain object schema) are kept as they were.
    const value: Record<string, unknown> = isObject(this.value) ? { ...this.value } : {};
    for (const field of this.#fields) {
      const parsed = fromRaw(field, this.raw[field.name] ?? '');
      const issue = 'issue' in parsed ? { key: parsed.issue } : fieldIssue(field, parsed.value);
      if (issue) issues[field.name] = format(t[issue.key], { limit: issue.limit ?? '' });
      else if (!('value' in parsed) || parsed.value === undefined) delete value[field.name];
      else value[field.name] = parsed.value;
    }
    this.issues = issues;
    if (Object.keys(issues).length === 0) return { ok: true, value };
    void this.updateComplete.then(() => this.#focusFirstInvalid());
    return { ok: false };
  }

  /** A message on the field `name` from elsewhere (the server refused the value), kept until the field changes. */
  showIssue(name: string, message: string): void {
    this.issues = { ...this.issues, [name]: message };
    void this.updateComplete.then(() => this.#focusFirstInvalid());
  }

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('input, textarea, select')?.focus(options);
  }

  #focusFirstInvalid(): void {
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  protected override render() {
    const t = this.#strings.value;
    const general = this.issues[''] ?? (Object.keys(this.issues).length > 0 ? t.formInvalid : '');
    return html`<div class="form" part="form">
      ${this.#fields.map((field) => this.#renderField(field, t))}
      <p class="form-error" role="alert">${general}</p>
    </div>`;
  }

  #renderField(field: FormField, t: CardTextTable): TemplateResult {
    const id = `field-${field.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const issue = this.issues[field.name];
    // The schema's hint, for people; a list says how to type one without it. The model's description is not shown.
    const hint = field.hint ?? (field.kind === 'list' ? t.fieldListHint : undefined);
    const describedBy = [hint ? `${id}-hint` : '', issue ? `${id}-error` : ''].filter(Boolean).join(' ');
    const raw = this.raw[field.name] ?? '';
    const common = {
      id,
      invalid: issue ? 'true' : 'false',
      describedBy: describedBy || nothing,
    };
    let control: TemplateResult;
    switch (field.kind) {
      case 'boolean':
        control = html`<input
          type="checkbox"
          id=${common.id}
          .checked=${raw === true}
          aria-invalid=${common.invalid}
          aria-describedby=${common.describedBy}
          @change=${(event: Event) => this.#set(field, (event.target as HTMLInputElement).checked)}
        />`;
        break;
      case 'choice':
        control = html`<select
          id=${common.id}
          aria-invalid=${common.invalid}
          aria-describedby=${common.describedBy}
          ?required=${field.required}
          @change=${(event: Event) => this.#set(field, (event.target as HTMLSelectElement).value)}
        >
          ${field.required && raw !== '' ? nothing : html`<option value="" ?selected=${raw === ''}>${t.fieldChoose}</option>`}
          ${field.options.map(
            (option, at) => html`<option value=${String(option)} ?selected=${String(option) === raw}>${field.optionLabels[at]}</option>`,
          )}
        </select>`;
        break;
      case 'multi': {
        const ticked = Array.isArray(raw) ? raw : [];
        control = html`<div
          class="choices"
          role="group"
          id=${common.id}
          aria-labelledby="${id}-label"
          aria-invalid=${common.invalid}
          aria-describedby=${common.describedBy}
        >
          ${field.options.map((option, at) => {
            const value = String(option);
            return html`<label class="choice"
              ><input
                type="checkbox"
                .checked=${ticked.includes(value)}
                @change=${(event: Event) =>
                  this.#set(field, (event.target as HTMLInputElement).checked ? [...ticked, value] : ticked.filter((item) => item !== value))}
              />${field.optionLabels[at]}</label
            >`;
          })}
        </div>`;
        break;
      }
      case 'textarea':
      case 'list':
      case 'json':
        control = html`<textarea
          id=${common.id}
          rows=${field.kind === 'textarea' ? 4 : 3}
          class=${field.kind === 'json' ? 'mono' : ''}
          .value=${String(raw)}
          aria-invalid=${common.invalid}
          aria-describedby=${common.describedBy}
          ?required=${field.required}
          @input=${(event: Event) => this.#set(field, (event.target as HTMLTextAreaElement).value)}
        ></textarea>`;
        break;
      default: {
        const numeric = field.kind === 'number' || field.kind === 'integer';
        // type=text with inputmode, not type=number: a number input hides what was typed when it is not a number,
        // so the form could not say what is wrong with it.
        control = html`<input
          type=${numeric ? 'text' : (INPUT_TYPES[field.schema.format ?? ''] ?? 'text')}
          id=${common.id}
          inputmode=${numeric ? (field.kind === 'integer' ? 'numeric' : 'decimal') : nothing}
          .value=${String(raw)}
          aria-invalid=${common.invalid}
          aria-describedby=${common.describedBy}
          ?required=${field.required}
          @input=${(event: Event) => this.#set(field, (event.target as HTMLInputElement).value)}
          @keydown=${this.#onKeyDown}
        />`;
      }
    }
    return html`<div class="field ${field.kind === 'boolean' ? 'inline' : ''}" part="form-field">
      <label for=${id} id="${id}-label">${field.label}${field.required ? html`<span class="required" aria-hidden="true"> *</span>` : nothing}</label>
      ${control}
      ${hint ? html`<span class="hint" id="${id}-hint">${hint}</span>` : nothing}
      ${issue ? html`<span class="error" id="${id}-error" part="form-error">${issue}</span>` : nothing}
    </div>`;
  }

  #set(field: FormField, raw: RawValue): void {
    this.raw = { ...this.raw, [field.name]: raw };
    // A message stays until the field changes, then goes: the user sees their fix was taken.
    if (this.issues[field.name]) {
      const { [field.name]: _fixed, ...rest } = this.issues;
      this.issues = rest;
    }
  }

  #onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.isComposing) return;
    event.preventDefault();
    this.dispatchEvent(new CustomEvent('agent-chat-form-submit', { bubbles: true, composed: false }));
  }

  static override styles = [
    tokens,
    focusRing,
    css`
      :host {
        display: block;
      }
      .form {
        display: flex;
        flex-direction: column;
        gap: 10px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 3px;
      }
      .field.inline {
        flex-direction: row;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px;
      }
      .field.inline input {
        order: -1;
      }
      .field.inline .hint,
      .field.inline .error {
        flex-basis: 100%;
      }
      label {
        font-weight: 600;
        font-size: 0.92em;
      }
      .required {
        color: var(--_danger);
      }
      input:not([type='checkbox']),
      textarea,
      select {
        box-sizing: border-box;
        width: 100%;
        padding: 6px 8px;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_bg);
        color: var(--_fg);
        font: inherit;
      }
      textarea {
        resize: vertical;
      }
      .choices {
        display: flex;
        flex-direction: column;
        gap: 2px;
      }
      .choice {
        display: flex;
        align-items: center;
        gap: 8px;
        font-weight: normal;
      }
      .mono {
        font-family: var(--_mono);
        font-size: 0.9em;
      }
      [aria-invalid='true'] {
        border-color: var(--_danger);
      }
      .hint {
        color: var(--_muted);
        font-size: 0.85em;
      }
      .error {
        color: var(--_danger);
        font-size: 0.88em;
      }
      .form-error {
        margin: 0;
        color: var(--_danger);
        font-size: 0.88em;
      }
    `,
  ];
}

/** A string's `format` as the input that edits it; any other is typed as text. */
const INPUT_TYPES: Partial<Record<string, string>> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-schema-form': SchemaForm;
  }
}
