import { LitElement, css, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { AgentChatAdapter, QuickAction } from '../../context/adapter.js';
import { adapterContext } from '../../context/adapter-context.js';
import { conversationContext } from '../../context/conversation-context.js';
import { tokens } from '../../ui/tokens.js';
import { en } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';

/**
 * Seed 000's quick-action chips under the input: shortcuts the host offers for the page's current state
 * (adapter.quickActions), asked again after each reply since the reply may have changed that state, and whenever
 * the host says its context changed (`el.contextChanged()`).
 */
export class QuickActions extends LitElement {
  static override properties = {
    actions: { state: true },
  };

  declare actions: readonly QuickAction[];

  readonly #adapter = new ContextConsumer(this, {
    context: adapterContext,
    subscribe: true,
    callback: (adapter) => this.#refresh(adapter),
  });
  readonly #conversation = new ContextConsumer(this, {
    context: conversationContext,
    subscribe: true,
    callback: (state) => {
      if ((this.#wasRunning && !state.running) || state.contextVersion !== this.#contextVersion) this.#refresh(this.#adapter.value);
      this.#wasRunning = state.running;
      this.#contextVersion = state.contextVersion;
    },
  });
  #wasRunning = false;
  #contextVersion = 0;
  readonly #strings = new Texts(this, en);
  #asked = 0;

  constructor() {
    super();
    this.actions = [];
  }

  async #refresh(adapter: AgentChatAdapter | undefined): Promise<void> {
    const ask = ++this.#asked;
    if (!adapter?.quickActions) {
      this.actions = [];
      return;
    }
    try {
      const context = await adapter.getContext?.();
      const actions = await adapter.quickActions(context ?? undefined);
      if (ask === this.#asked) this.actions = actions ?? [];
    } catch (error) {
      console.error('[agent-chat] adapter.quickActions failed:', error);
      if (ask === this.#asked) this.actions = [];
    }
  }

  protected override render() {
    if (this.actions.length === 0) return nothing;
    return html`<div class="actions" part="quick-actions" role="group" aria-label=${this.#strings.value.quickActions}>
      ${this.actions.map(
        (action) => html`<button type="button" part="quick-action" @click=${() => void this.#conversation.value?.send(action.text)}>
          ${action.label}
        </button>`,
      )}
    </div>`;
  }

  static override styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
      button {
        padding: 3px 10px;
        border: 1px solid var(--_border);
        border-radius: 999px;
        background: var(--_bg);
        color: var(--_fg);
        font: inherit;
        font-size: 0.88em;
        cursor: pointer;
      }
      button:hover {
        border-color: var(--_accent);
        color: var(--_accent);
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
    'agent-chat-quick-actions': QuickActions;
  }
}
