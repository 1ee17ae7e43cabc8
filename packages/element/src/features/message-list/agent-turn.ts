import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { ContextConsumer } from '@lit/context';
import { adapterContext } from '../../context/adapter-context.js';
import { toolCatalogContext } from '../../context/tool-catalog-context.js';
import { load, loaded, need } from '../registry.js';
import { en } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { hasHostView } from '../../context/has-host-view.js';
import type { Step, TurnGroup } from '../../core/turns/turn-steps.js';
import { ANSWER_PARTS, BUBBLE_PARTS, CARD_PARTS, NOTICE_PARTS, THINKING_PARTS, TOOL_CHIP_PARTS, UNDO_PARTS } from '../../ui/parts.js';
import { tokens } from '../../ui/tokens.js';
import type { DecideFunction, UndoFunction } from '../../context/card-actions.js';

/**
 * What the agent did in answer to one message, drawn as one group (seed 000 §3.3.2): thinking, tool chips with
 * their results, confirmation and answer cards, text, status lines and errors, in the order they happened, and
 * the Undo button under it when this turn changed things and may still be undone.
 *
 * @csspart turn - The group of everything the agent did in answer to one message.
 */
export class AgentTurn extends LitElement {
  static override properties = {
    group: { attribute: false },
    undoable: { type: Boolean },
    decide: { attribute: false },
    undo: { attribute: false },
    retry: { attribute: false },
    retryTurnId: { attribute: false },
    refused: { state: true },
  };

  declare group: TurnGroup | undefined;
  /** The server would undo this turn's changes now (the conversation's `undoTurnId` is this turn's message). */
  declare undoable: boolean;
  declare decide: DecideFunction | undefined;
  declare undo: UndoFunction | undefined;
  /** Sends the last message again, offered on the error line whose turn is `retryTurnId` (the conversation's last). */
  declare retry: (() => unknown) | undefined;
  declare retryTurnId: string | undefined;
  /** The server had nothing to undo: the conversation stops offering Undo, but the bar stays to say why. */
  declare private refused: boolean;

  readonly #strings = new Texts(this, en);
  readonly #tools = new ContextConsumer(this, { context: toolCatalogContext, subscribe: true });
  readonly #adapter = new ContextConsumer(this, { context: adapterContext, subscribe: true });
  /** Set once this turn has a step beyond plain text to draw (a tool chip, thinking, a card, Undo): those elements come in a chunk of their own. */
  #cards: Promise<void> | undefined;
  /** This turn asked for the host's tool views once; if that failed, its chips try again on their renders, not each streamed update here. */
  #viewsAsked = false;

  constructor() {
    super();
    this.undoable = false;
    this.refused = false;
  }

  protected override willUpdate(): void {
    const steps = this.group?.steps ?? [];
    // A call the host draws itself needs its chunk too: asked for beside the cards, not by the chip once they are
    // in, so the host's view is on screen while the call's input still streams (the first time too, on a slow link).
    const adapter = this.#adapter.value;
    if (!this.#viewsAsked && steps.some((step) => step.kind === 'tool' && hasHostView(adapter, step.call.name))) {
      this.#viewsAsked = true;
      need('tool-views', this);
    }
    // Before the render that would draw the first card, so the chunk is on its way as early as possible.
    if (this.#cards || !this.#drawsCards(steps)) return;
    const waiting = !loaded('cards');
    this.#cards = load('cards', this).then(
      // Until now this turn left its cards out (see #card), so no card is ever on screen empty or undefined.
      () => {
        if (waiting) this.requestUpdate();
      },
      () => {
        // Tried again on this turn's next update; meanwhile the cards stay out (the registry has told the page).
        this.#cards = undefined;
      },
    );
  }

  /** Complete once its cards are defined and drawn too, for whoever waits for the turn to be on screen. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    if (!this.#cards) return done;
    await this.#cards;
    // The update that drew them (requested above), then their own first render.
    done = (await super.getUpdateComplete()) && done;
    const cards = this.renderRoot.querySelectorAll<LitElement>(CARD_TAGS);
    const drawn = await Promise.all(Array.from(cards, (card) => card.updateComplete ?? true));
    return done && drawn.every(Boolean);
  }

  /**
   * A card's template once its element is defined, and nothing until then: an element drawn before its definition
   * would sit empty (still taking a gap in the column) and look like a finished card to whatever reads it.
   */
  #card(template: () => TemplateResult): TemplateResult | typeof nothing {
    return loaded('cards') ? template() : nothing;
  }

  #drawsCards(steps: readonly Step[]): boolean {
    return this.#showsUndo(steps) || steps.some((step) => step.kind !== 'assistant' && step.kind !== 'status' && step.kind !== 'error');
  }

  #showsUndo(steps: readonly Step[]): boolean {
    return (this.undoable && hasWrites(steps)) || this.refused;
  }

  protected override render() {
    const steps = this.group?.steps ?? [];
    if (steps.length === 0) return nothing;
    const showUndo = this.#showsUndo(steps);
    return html`<div class="steps" part="turn" role="group" aria-label=${this.#strings.value.agentTurn}>
      ${repeat(steps, (step) => step.key, (step) => this.#renderStep(step))}
      ${showUndo ? this.#card(() => html`<agent-chat-undo-bar exportparts=${UNDO_PARTS} .undo=${this.#runUndo}></agent-chat-undo-bar>`) : nothing}
    </div>`;
  }

  readonly #runUndo: UndoFunction = async () => {
    try {
      await this.undo?.();
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) this.refused = true;
      throw error;
    }
  };

  #renderStep(step: Step): TemplateResult | typeof nothing {
    switch (step.kind) {
      case 'assistant':
        return html`<agent-chat-message
          exportparts=${BUBBLE_PARTS}
          sender="assistant"
          .text=${step.turn.text}
          ?streaming=${step.streaming}
        ></agent-chat-message>`;
      case 'thinking':
        return this.#card(
          () => html`<agent-chat-thinking exportparts=${THINKING_PARTS} .text=${step.turn.text} ?streaming=${step.streaming}></agent-chat-thinking>`,
        );
      case 'tool':
        return this.#card(
          () => html`<agent-chat-tool-chip
            exportparts=${TOOL_CHIP_PARTS}
            .call=${step.call}
            .result=${step.result}
            state=${step.state}
            .progress=${step.progress}
          ></agent-chat-tool-chip>`,
        );
      case 'answer':
        return this.#card(() => html`<agent-chat-answer-card exportparts=${ANSWER_PARTS} .answer=${step.call.input}></agent-chat-answer-card>`);
      case 'confirm':
        return this.#card(
          () => html`<agent-chat-confirm-card
            exportparts=${CARD_PARTS}
            .call=${step.call}
            .tool=${this.#tools.value?.get(step.call.name)}
            .result=${step.result}
            .decide=${this.decide}
          ></agent-chat-confirm-card>`,
        );
      case 'status':
        return html`<agent-chat-notice exportparts=${NOTICE_PARTS} tone="status" .text=${step.turn.text} .code=${step.turn.code}></agent-chat-notice>`;
      case 'ui':
        // Drawn from the a2ui chunk, which holds the conversation's surfaces (features/a2ui).
        need('a2ui', this);
        return html`<agent-chat-a2ui .turn=${step.turn}></agent-chat-a2ui>`;
      case 'error':
        return html`<agent-chat-notice exportparts=${NOTICE_PARTS} tone="error" .text=${step.turn.message} .code=${step.turn.code} .retry=${step.turn.id === this.retryTurnId ? this.retry : undefined}></agent-chat-notice>`;
    }
  }

  static override styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      .steps {
        display: flex;
        flex-direction: column;
        gap: var(--_gap);
      }
    `,
  ];
}

/** The parts chunks/cards.ts defines that a turn draws itself (the form and diff are inside the confirmation card). */
const CARD_TAGS = 'agent-chat-confirm-card, agent-chat-answer-card, agent-chat-undo-bar, agent-chat-thinking, agent-chat-tool-chip';

/** A write that went through: only then is there something for Undo to restore (read-only turns show none). */
function hasWrites(steps: readonly Step[]): boolean {
  return steps.some(
    (step) => (step.kind === 'tool' || step.kind === 'confirm') && step.call.kind === 'write' && step.result !== undefined && !step.result.isError,
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-turn': AgentTurn;
  }
}
