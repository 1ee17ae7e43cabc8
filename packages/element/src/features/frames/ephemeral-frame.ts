import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import { conversationContext, type ConversationSnapshot } from '../../context/conversation-context.js';
import {
  DEFAULT_HIDE_AFTER_MS,
  nextEphemeralState,
  restartsTimer,
  type EphemeralEvent,
  type EphemeralState,
} from '../../ui/layout/ephemeral-state.js';
import { shellTokens } from '../../ui/shell-tokens.js';
import { en } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { panelStyles } from '../../ui/frame-styles.js';

/**
 * Seed 002's layout: the input bar fixed at the bottom, full width, and an output panel over the page that
 * shows while there is something to see and gets out of the way after `hideAfter` ms without activity. The
 * states and their transitions are seed 002's, in ui/layout/ephemeral-state.ts.
 *
 * @fires frame-toggle - the output panel appeared or hid; detail is whether it shows
 *
 * @csspart output - Ephemeral: the output panel over the page.
 * @csspart input-bar - Ephemeral: the bar at the bottom that holds the composer.
 * @csspart show-output - Ephemeral: the "Show output" button, while the output is hidden.
 * @csspart clear-button - Ephemeral: the header's "Clear" button.
 * @csspart dismiss-button - Ephemeral: the header's × that hides the output.
 */
export class EphemeralFrame extends LitElement {
  static override properties = {
    open: { type: Boolean },
    hideAfter: { type: Number },
    heading: {},
    state: { reflect: true },
    confirmingClear: { state: true },
  };

  declare open: boolean;
  declare hideAfter: number;
  declare heading: string;
  /** HIDDEN, VISIBLE or PINNED. */
  declare state: EphemeralState;
  /** The header asks whether to clear (after a first click on Clear). */
  declare confirmingClear: boolean;

  readonly #conversation = new ContextConsumer(this, {
    context: conversationContext,
    subscribe: true,
    callback: (snapshot) => this.#onConversation(snapshot),
  });
  #seen: { sent: number; activity: number; running: boolean } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The pointer rests on the panel: the user is reading it, which is activity too. */
  #hovered = false;
  readonly #strings = new Texts(this, en);

  constructor() {
    super();
    this.open = false;
    this.hideAfter = DEFAULT_HIDE_AFTER_MS;
    this.heading = '';
    this.state = 'HIDDEN';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('pointerdown', this.#onDocumentPointerDown, true);
    document.addEventListener('keydown', this.#onDocumentKeyDown);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('pointerdown', this.#onDocumentPointerDown, true);
    document.removeEventListener('keydown', this.#onDocumentKeyDown);
    clearTimeout(this.#timer);
  }

  /** Apply one of seed 002's events. */
  dispatch(event: EphemeralEvent): void {
    const before = this.state;
    const after = nextEphemeralState(before, event);
    this.state = after;
    if (after !== 'VISIBLE') clearTimeout(this.#timer);
    else if (before !== 'VISIBLE' || restartsTimer(before, event)) this.#restartTimer();
    if ((before === 'HIDDEN') !== (after === 'HIDDEN')) {
      this.dispatchEvent(new CustomEvent('frame-toggle', { detail: after !== 'HIDDEN' }));
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The shell's open()/close(): "Show output", or the dismiss button (a press on the panel comes first, as
    // it does when the user clicks that button).
    if (changed.has('open') && this.open !== (this.state !== 'HIDDEN')) {
      if (this.open) this.dispatch('show-output');
      else {
        this.dispatch('press-panel');
        this.dispatch('dismiss');
      }
    }
  }

  protected override render() {
    const t = this.#strings.value;
    const snapshot = this.#conversation.value;
    const hasOutput = Boolean(snapshot && (snapshot.turns.length > 0 || snapshot.queued.length > 0));
    return html`<section
        class="panel output"
        part="output"
        aria-label=${this.heading}
        ?hidden=${this.state === 'HIDDEN'}
        @pointerdown=${() => this.dispatch('press-panel')}
        @focusin=${() => this.dispatch('press-panel')}
        @pointerenter=${this.#onPointerEnter}
        @pointerleave=${this.#onPointerLeave}
      >
        <header part="header">
          <span class="title" part="title">${this.heading}</span><slot name="header-actions"></slot>
          ${this.confirmingClear
            ? html`<span class="confirm-clear" role="alert">${t.clearConfirm}</span>
                <button type="button" class="text-button" part="clear-button" @click=${() => this.#clear(true)}>${t.clearConversation}</button>
                <button type="button" class="text-button" @click=${() => this.#clear(false)}>${t.cancel}</button>`
            : html`<button type="button" class="text-button" part="clear-button" @click=${() => this.#clear()}>${t.clearConversation}</button>`}
          <button type="button" class="icon-button" part="dismiss-button" aria-label=${t.hideOutput} @click=${() => this.dispatch('dismiss')}>
            ×
          </button>
        </header>
        <slot name="messages"></slot>
      </section>
      <div class="bar" part="input-bar">
        ${this.state === 'HIDDEN' && hasOutput
          ? html`<button type="button" class="show" part="show-output" @click=${() => this.dispatch('show-output')}>${t.showOutput}</button>`
          : nothing}
        <slot name="composer"></slot>
      </div>`;
  }

  /**
   * Clear asks first (issue 20: a conversation is not thrown away on one click): the button becomes the question,
   * then `true` clears and `false` keeps it. The focus stays on the answer's buttons.
   */
  async #clear(answer?: boolean): Promise<void> {
    this.confirmingClear = answer === undefined;
    if (answer) await this.#conversation.value?.clear();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="clear-button"]')?.focus();
  }

  #onConversation(snapshot: ConversationSnapshot): void {
    const before = this.#seen;
    this.#seen = { sent: snapshot.sent, activity: snapshot.activity, running: snapshot.running };
    // The first snapshot (and a loaded history) is not activity: the panel starts hidden.
    if (!before) return;
    if (snapshot.sent > before.sent) this.dispatch('send');
    // The end of a reply is its last activity: the countdown starts from there.
    else if (snapshot.activity > before.activity || (before.running && !snapshot.running)) this.dispatch('activity');
  }

  /**
   * "Inactivity" is counted from the last thing that happened: while a reply is still in flight (a slow model,
   * a long tool) the stream is active even between events, so the panel does not vanish in mid-answer.
   */
  #restartTimer(): void {
    clearTimeout(this.#timer);
    if (this.#hovered || this.#conversation.value?.running) return;
    this.#timer = setTimeout(() => this.dispatch('timeout'), this.hideAfter);
  }

  #onPointerEnter = (): void => {
    this.#hovered = true;
    clearTimeout(this.#timer);
  };

  #onPointerLeave = (): void => {
    this.#hovered = false;
    if (this.state === 'VISIBLE') this.#restartTimer();
  };

  /** "The user clicks away": anywhere outside the chat (its input bar is part of it). */
  #onDocumentPointerDown = (event: PointerEvent): void => {
    if (this.state === 'PINNED' && !event.composedPath().includes(this)) this.dispatch('dismiss');
  };

  /**
   * Escape dismisses a pinned panel, wherever the focus is: pinned, it stays until the user says so. A key the
   * page or the composer already handled (its suggestion list closes first) is theirs. Focus inside the panel
   * would be lost with it, so it goes to the composer.
   */
  #onDocumentKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented || this.state !== 'PINNED') return;
    const inPanel = event.composedPath().includes(this.renderRoot.querySelector('section')!);
    this.dispatch('dismiss');
    if (inPanel) this.querySelector<HTMLElement>('[slot=composer]')?.focus();
  };

  static override styles = [
    shellTokens,
    panelStyles,
    css`
      :host {
        position: fixed;
        left: 0;
        right: 0;
        bottom: 0;
        z-index: var(--_z);
        display: flex;
        flex-direction: column;
        align-items: center;
        /* The empty space around the panel belongs to the page. */
        pointer-events: none;
      }
      .output {
        pointer-events: auto;
        width: min(calc(100% - 24px), var(--agent-chat-output-width, 880px));
        max-height: var(--agent-chat-output-height, 60vh);
        margin-bottom: 8px;
        border-radius: var(--_radius);
        box-shadow: var(--_shadow);
      }
      :host([state='PINNED']) .output {
        border-color: var(--_accent);
      }
      .bar {
        position: relative;
        pointer-events: auto;
        display: flex;
        align-items: flex-end;
        width: 100%;
        box-sizing: border-box;
        border-top: 1px solid var(--_border);
        background: var(--_bg);
        box-shadow: 0 -4px 16px rgb(0 0 0 / 0.06);
      }
      .bar ::slotted([slot='composer']) {
        flex: 1;
        border-top: 0;
      }
      .confirm-clear {
        font-size: 0.9em;
        color: var(--_muted);
      }
      .show,
      .text-button {
        flex: none;
        padding: 6px 12px;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_bg);
        color: var(--_fg);
        font: inherit;
        font-size: 0.9em;
        cursor: pointer;
      }
      /* Above the bar, over the page, rather than beside the composer: the input keeps its place and its width
         whether the output is hidden or not, on a phone too. */
      .show {
        position: absolute;
        bottom: 100%;
        inset-inline-start: 12px;
        margin-bottom: 8px;
        box-shadow: var(--_shadow);
      }
      .text-button {
        padding: 3px 10px;
      }
      button:focus-visible {
        outline: 2px solid var(--_accent);
        outline-offset: 1px;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-ephemeral-frame': EphemeralFrame;
  }
}
