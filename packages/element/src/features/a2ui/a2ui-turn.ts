import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { ContextConsumer } from '@lit/context';
import type { UiTurn, UserTurn } from '@agent-chat/protocol';
import { conversationContext } from '../../context/conversation-context.js';
import { adapterContext } from '../../context/adapter-context.js';
import { format } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { tokens } from '../../ui/tokens.js';
import { storeFor, type A2uiStore } from './a2ui-store.js';
import { a2uiTextsEn } from './a2ui-strings.js';
import { a2uiActStyles, a2uiStyles } from './a2ui-styles.js';

/**
 * A ui turn where it stands in the conversation: the A2UI surfaces it created that are still live, each drawn by
 * @a2ui/lit's `<a2ui-surface>` from the conversation's store (a2ui-store.ts), which every such element brings up to
 * the conversation's turns before it draws. A later turn that changes a surface changes it here, in place.
 *
 * Themed by the conversation's custom properties (`--agent-chat-accent`, `-background`, `-foreground`, `-border`,
 * `-muted`, `-card-background`, `-font`, `-font-size`, `-radius`, `-radius-small`, `-spacing`), mapped onto the
 * `--a2ui-*` properties the basic catalog's components read.
 *
 * The user's act on a surface (a user turn with `action`) is drawn by the same element, as a quiet line on the
 * user's side: "You pressed book".
 *
 * Its parts, `a2ui-surface` (each surface, in its frame) and `a2ui-act` (the line that says the user's act), stay
 * inside for now: no level forwards them to `<agent-chat>` (each forward is bytes of the plain text conversation).
 */
export class A2uiTurnView extends LitElement {
  static override properties = { turn: { attribute: false } };

  declare turn: UiTurn | UserTurn | undefined;

  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true });
  readonly #adapter = new ContextConsumer(this, { context: adapterContext, subscribe: true });
  readonly #strings = new Texts(this, a2uiTextsEn);
  #store: A2uiStore | undefined;
  #unlisten: (() => void) | undefined;

  protected override willUpdate(_changed: PropertyValues): void {
    const state = this.#conversation.value;
    if (!state) return;
    // The controller's send is one function for the conversation's life: the key of its store.
    const store = storeFor(state.send);
    if (store !== this.#store) {
      this.#unlisten?.();
      this.#store = store;
      this.#unlisten = this.isConnected ? store.listen(() => this.requestUpdate()) : undefined;
    }
    store.send = (action) => void state.send('', { action });
    store.sync(state.turns, state.turnsVersion, this.#adapter.value?.a2uiCatalog);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.#store && !this.#unlisten) this.#unlisten = this.#store.listen(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unlisten?.();
    this.#unlisten = undefined;
  }

  protected override render() {
    const turn = this.turn;
    const store = this.#store;
    this.toggleAttribute('act', turn?.type === 'user');
    if (turn?.type === 'user') {
      return turn.action ? html`<span part="a2ui-act">${format(this.#strings.value.a2uiAct, { name: turn.action.name })}</span>` : nothing;
    }
    if (!turn || !store) return nothing;
    const error = store.errors.get(turn.id);
    return html`${repeat(
      store.surfacesOf(turn.id),
      (surface) => surface.id,
      (surface) => html`<a2ui-surface class="surface" part="a2ui-surface" data-surface-id=${surface.id} .surface=${surface}></a2ui-surface>`,
    )}${error ? html`<div class="error" role="alert">${format(this.#strings.value.a2uiError, { message: error })}</div>` : nothing}`;
  }

  static override styles = [tokens, a2uiStyles, a2uiActStyles];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-a2ui': A2uiTurnView;
  }
}
