import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { AnswerInputRequest, InputFormSchema, InputRequest, InputValue } from '@agent-chat/protocol';
import { elementHostContext } from '../../context/element-host.js';
import { inputRequestsContext } from '../../context/input-requests-context.js';
import { format } from '../../i18n/shell-strings.js';
import { Texts } from '../../i18n/texts.js';
import { iconStyles, spinner } from '../../ui/icons.js';
import { FORM_PARTS } from '../../ui/parts.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { inputRequestsEn, type InputRequestStrings } from './input-request-strings.js';
import { inputRequestStyles } from './input-request-styles.js';
import { answeredFields, formDefaults, formSchema } from './request-form.js';
import { shownUrl } from './request-url.js';
import { sendAnswer } from './send-answer.js';

let cardIds = 0;

/**
 * What a running tool call asks the user, drawn under its call's chip (in a sub-agent's steps too): a form, a link
 * to open, or a sampling request to approve. The call waits for the answer; the rest of the run waits with it.
 *
 * - A form (`kind: 'form'`, an MCP server's elicitation): its fields from the request's schema (the cards' form:
 *   text with its format's input, numbers, yes/no, a choice, several choices, each with its title as the label, its
 *   description as the hint and its default filled in), then Submit or Decline. A value the server refuses (a 400
 *   naming the field) is said next to that field.
 * - A link (`kind: 'url'`): where it goes, shown plainly (its origin; the full URL as the link's title), then Open
 *   or Decline. Open is a link to a new tab, so nothing opens without the user's click; the click answers `accept`
 *   (the user agreed to go there), and the card then says it waits for the site, where the server's own flow ends.
 * - A sampling request (`kind: 'sampling'`): the messages, the instructions and the token cap, then Approve or
 *   Decline.
 *
 * Once answered (here, in another tab, or for the user when the run was stopped, the request timed out or the run
 * ended) the card stays, read-only, saying how, after a reload too.
 *
 * @csspart input-request - The card.
 * @csspart input-request-server - Who asks (the MCP server's name, or the tool's label).
 * @csspart input-request-message - What it asks: the card's heading.
 * @csspart input-request-site - A link's origin, shown plainly.
 * @csspart input-request-sampling - A sampling request's messages, instructions and token cap.
 * @csspart input-request-submit - A form's Submit.
 * @csspart input-request-open - A link's Open (a link to a new tab).
 * @csspart input-request-approve - A sampling request's Approve.
 * @csspart input-request-decline - Decline.
 * @csspart input-request-error - Why an answer was not taken.
 * @csspart input-request-outcome - How it was answered, once it is.
 * @csspart input-request-answers - An answered form's values.
 * @cssprop [--agent-chat-card-background=var(--agent-chat-background)] - The card, as the confirmation cards.
 * @cssprop [--agent-chat-accent=light-dark(#0969da, #4493f8)] - Submit, Open and Approve.
 */
export class InputRequestCard extends LitElement {
  static override properties = {
    request: { attribute: false },
    waiting: { type: Boolean },
    sending: { state: true },
    error: { state: true },
  };

  declare request: InputRequest | undefined;
  /** The call that asked still runs: an opened link's card says it waits for the site. */
  declare waiting: boolean;
  declare private sending: boolean;
  /** Why the last answer was not taken (not a form's field: those are said by the field). */
  declare private error: string | undefined;

  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #requests = new ContextConsumer(this, { context: inputRequestsContext, subscribe: true });
  readonly #texts = new Texts(this, inputRequestsEn);
  readonly #ids = `input-request-${++cardIds}`;
  /** The form's schema and starting values, made once per request: a new object would start the form over. */
  #form: { requestId: string; schema: InputFormSchema; values: Record<string, unknown> } | undefined;

  constructor() {
    super();
    this.waiting = false;
    this.sending = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const request = this.request;
    if (changed.has('request') && request?.schema && this.#form?.requestId !== request.requestId) {
      this.#form = { requestId: request.requestId, schema: formSchema(request.schema), values: formDefaults(request.schema) };
    }
    if (request?.answer) this.error = undefined;
  }

  get #t(): InputRequestStrings {
    return this.#texts.value;
  }

  protected override render() {
    const request = this.request;
    if (!request) return nothing;
    const t = this.#t;
    const answered = request.answer !== undefined;
    return html`<article
      class="card ${answered ? 'answered' : ''}"
      part="input-request"
      aria-labelledby="${this.#ids}-message"
      aria-describedby="${this.#ids}-server"
    >
      <div class="server" id="${this.#ids}-server" part="input-request-server">${format(t.inputFrom, { server: request.server })}</div>
      <div class="message" id="${this.#ids}-message" role="heading" aria-level="3" part="input-request-message">${request.message}</div>
      ${this.#renderBody(request)}
      ${this.error ? html`<p class="error" part="input-request-error" role="alert">${this.error}</p>` : nothing}
      ${answered ? this.#renderOutcome(request) : this.#renderActions(request)}
    </article>`;
  }

  #renderBody(request: InputRequest): TemplateResult | typeof nothing {
    const t = this.#t;
    switch (request.kind) {
      case 'form':
        if (request.answer) return this.#renderAnswers(request);
        return this.#form
          ? html`<agent-chat-schema-form
              exportparts=${FORM_PARTS}
              .schema=${this.#form.schema}
              .value=${this.#form.values}
              @agent-chat-form-submit=${this.#submit}
            ></agent-chat-schema-form>`
          : nothing;
      case 'url': {
        const url = shownUrl(request.url);
        if (!url) return html`<p class="site">${format(t.inputUnsafeUrl, { url: request.url ?? '' })}</p>`;
        return html`<p class="site" part="input-request-site" title=${url.href}>${format(t.inputSite, { origin: url.origin })}</p>`;
      }
      case 'sampling': {
        const sampling = request.sampling;
        if (!sampling) return nothing;
        return html`<div class="sampling" part="input-request-sampling">
          ${sampling.systemPrompt
            ? html`<div class="caption">${t.samplingSystem}</div>
                <p class="system">${sampling.systemPrompt}</p>`
            : nothing}
          <div class="caption" id="${this.#ids}-messages">${t.samplingMessages}</div>
          <ol class="messages" aria-labelledby="${this.#ids}-messages">
            ${sampling.messages.map(
              (message) => html`<li>
                <span class="role">${message.role === 'user' ? t.samplingUser : t.samplingAssistant}</span>
                <span class="text">${message.text}</span>
              </li>`,
            )}
          </ol>
          <div class="caption">${format(t.samplingMaxTokens, { count: sampling.maxTokens })}</div>
        </div>`;
      }
    }
  }

  #renderAnswers(request: InputRequest): TemplateResult | typeof nothing {
    const t = this.#t;
    const fields = answeredFields(request.schema, request.answer?.content, { yes: t.inputYes, no: t.inputNo });
    if (request.answer?.action !== 'accept' || fields.length === 0) return nothing;
    return html`<dl class="answers" part="input-request-answers" aria-label=${t.inputAnswers}>
      ${fields.map((field) => html`<div><dt>${field.label}</dt><dd>${field.text}</dd></div>`)}
    </dl>`;
  }

  #renderActions(request: InputRequest): TemplateResult {
    const t = this.#t;
    const url = request.kind === 'url' ? shownUrl(request.url) : undefined;
    let primary: TemplateResult | typeof nothing = nothing;
    if (request.kind === 'form') {
      primary = html`<button type="button" class="primary" part="input-request-submit" ?disabled=${this.sending} @click=${this.#submit}>
        ${t.inputSubmit}
      </button>`;
    } else if (request.kind === 'sampling') {
      primary = html`<button type="button" class="primary" part="input-request-approve" ?disabled=${this.sending}
        @click=${() => this.#answer({ action: 'accept' })}>${t.inputApprove}</button>`;
    } else if (url) {
      // A real link, opened by the user's own click (never by the page): the click also answers that they went.
      primary = html`<a
        class="primary"
        part="input-request-open"
        href=${url.href}
        title=${url.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label=${format(t.inputOpenLabel, { origin: url.origin })}
        @click=${() => this.#answer({ action: 'accept' })}
        >${t.inputOpen}</a
      >`;
    }
    return html`<div class="actions">
      ${primary}
      <button type="button" part="input-request-decline" ?disabled=${this.sending} @click=${() => this.#answer({ action: 'decline' })}>
        ${t.inputDecline}
      </button>
      ${this.sending ? html`<span class="sending" role="status">${spinner}${t.inputSending}</span>` : nothing}
      ${request.expiresAt ? html`<span class="expires">${format(t.inputExpires, { time: new Date(request.expiresAt).toLocaleTimeString() })}</span>` : nothing}
    </div>`;
  }

  #renderOutcome(request: InputRequest): TemplateResult {
    const t = this.#t;
    const url = request.kind === 'url' ? shownUrl(request.url) : undefined;
    const opened = request.kind === 'url' && request.answer?.action === 'accept';
    const text = opened && this.waiting && url ? format(t.inputOpened, { origin: url.origin }) : t[outcomeKey(request)];
    return html`<p class="outcome" part="input-request-outcome" role="status" data-action=${request.answer?.action ?? nothing}
      data-by=${request.answer?.by ?? nothing}>
      ${text}
      ${opened && url ? html` <a href=${url.href} title=${url.href} target="_blank" rel="noopener noreferrer">${url.origin}</a>` : nothing}
    </p>`;
  }

  readonly #submit = (): void => {
    const form = this.renderRoot.querySelector('agent-chat-schema-form');
    const checked = form?.check();
    if (!checked?.ok) return;
    void this.#answer({ action: 'accept', content: checked.value as Record<string, InputValue> });
  };

  async #answer(answer: AnswerInputRequest): Promise<void> {
    const request = this.request;
    const host = this.#host.value;
    const client = host?.client();
    if (!request || !host || !client || this.sending || request.answer) return;
    this.sending = true;
    this.error = undefined;
    try {
      // The conversation takes the answer at once; its `input_answered` event, when it comes, changes nothing.
      this.#requests.value?.take(await sendAnswer(client, host.sessionId, request, answer));
    } catch (error) {
      this.#refused(error);
    } finally {
      this.sending = false;
    }
  }

  /** A field the server refused is said by the field; an answer given elsewhere first, and any other failure, here. */
  #refused(error: unknown): void {
    const { status, field, message = String(error) } = error as { status?: number; field?: string; message?: string };
    // The server names a form's field `content.<name>`, and starts its message so; the field says the rest.
    const name = field?.replace(/^content\./, '');
    const form = this.renderRoot.querySelector('agent-chat-schema-form');
    if (status === 400 && name && form && this.request?.schema?.properties[name]) {
      form.showIssue(name, message.replace(`${field}: `, ''));
      return;
    }
    this.error = status === 409 ? this.#t.inputAnsweredElsewhere : format(this.#t.inputError, { message });
  }

  static override styles = [tokens, focusRing, iconStyles, inputRequestStyles];
}

/** How it was answered, in words: who ended it first, then what the user chose. */
function outcomeKey(request: InputRequest): keyof InputRequestStrings {
  const answer = request.answer;
  if (answer?.by === 'stopped') return 'inputCancelledStopped';
  if (answer?.by === 'timeout') return 'inputTimedOut';
  if (answer?.by === 'ended') return 'inputCancelledEnded';
  if (answer?.by === 'withdrawn') return 'inputWithdrawn';
  if (answer?.action === 'decline') return 'inputDeclined';
  if (answer?.action === 'cancel') return 'inputCancelled';
  return request.kind === 'form' ? 'inputSent' : request.kind === 'url' ? 'inputOpenedDone' : 'inputApproved';
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-input-request': InputRequestCard;
  }
}
