import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { PendingCall, ToolCallTurn, ToolResultTurn } from '@agent-chat/protocol';
import { conversationContext } from '../../context/conversation-context.js';
import { elementHostContext } from '../../context/element-host.js';
import { inputRequestsContext } from '../../context/input-requests-context.js';
import { toolCatalogContext } from '../../context/tool-catalog-context.js';
import type { ToolStepState } from '../../core/turns/display-items.js';
import { NO_CATALOG } from '../../core/turns/tool-catalog.js';
import { isConfirmation, type TurnGroup } from '../../core/turns/turn-steps.js';
import { format } from '../../i18n/shell-strings.js';
import { Texts } from '../../i18n/texts.js';
import { iconStyles, spinner } from '../../ui/icons.js';
import { STEP_GLYPH } from '../../ui/step-glyphs.js';
import { TOOL_CHIP_PARTS } from '../../ui/parts.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { usageText } from '../../ui/usage-text.js';
import { branchGroup } from './branch-group.js';
import { stopBranch } from './stop-branch.js';
import { subagentsEn, type SubagentStrings } from './subagent-strings.js';
import { subagentStyles } from './subagent-styles.js';
import { NO_CALLS, waitingUnder } from './waiting-calls.js';

const STATE_KEY: Record<ToolStepState, keyof SubagentStrings> = {
  running: 'subagentRunning',
  done: 'subagentDone',
  failed: 'subagentFailed',
  stopped: 'subagentStopped',
  interrupted: 'subagentInterrupted',
  waiting: 'subagentWaiting',
};

/**
 * A sub-agent's call (`defineSubagent` on the server), drawn in its tool chip's place: a chip that opens into the
 * steps of the sub-agent's run (its text as markdown, thinking, tool chips, and its own sub-agents, each drawn by
 * this element again), filled live as its events stream in and the same after a reload (the session's
 * `subagentTurns`). While it runs it has a Stop of its own, which stops it and its sub-agents and lets the rest of the
 * run go on; not with `transport="ag-ui"`, since AG-UI has no way to stop one sub-agent (the run's Stop stops them
 * all). With the element's `show-usage`, the tokens its run used (and their cost, when the server has prices).
 *
 * The chip is a disclosure (a button with `aria-expanded` over the group of its steps), named for the sub-agent and
 * its state ("Sub-agent Searching the notes: running"): Enter or Space opens and closes it, and so do → and ←, as in
 * a tree; ← on a closed sub-agent goes to the one that started it. The steps are in the tab order like the
 * conversation's own.
 *
 * A call of the sub-agent's that the run waits for (a confirmation, or a client tool the host draws) is in its steps:
 * its confirmation card answers it as the conversation's own cards do. While one waits, in its branch or in one under
 * it, the sub-agent says it waits for an answer, and opens by itself (each above it too), so the card is in view; so
 * does a call in it that asks the user something while it runs (an input request: its card is under the call's chip).
 *
 * @csspart subagent - A sub-agent's chip, and its steps once opened.
 * @csspart subagent-summary - The button that opens and closes a sub-agent's steps: its label and state.
 * @csspart subagent-stop-button - A running sub-agent's Stop.
 * @csspart subagent-usage - The tokens (and cost) a sub-agent used, with `show-usage`.
 * @csspart subagent-steps - The steps of a sub-agent's run, under its chip (the tree's guide line is its border).
 */
export class SubagentNode extends LitElement {
  static override properties = {
    call: { attribute: false },
    result: { attribute: false },
    state: { reflect: true },
    label: {},
    open: { type: Boolean, reflect: true },
    stopping: { state: true },
    note: { state: true },
  };

  declare call: ToolCallTurn | undefined;
  declare result: ToolResultTurn | undefined;
  declare state: ToolStepState;
  /** What the chip says the sub-agent does (the tool chip's label: the host's, the server's, or the tool's name). */
  declare label: string | undefined;
  /** Its steps are shown. */
  declare open: boolean;
  /** Its Stop was pressed here, and its result has not come yet. */
  declare private stopping: boolean;
  /** What the live region says: that it stopped, or that Stop failed. */
  declare private note: string | undefined;

  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true });
  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #tools = new ContextConsumer(this, { context: toolCatalogContext, subscribe: true });
  /** What calls ask the user while they run: one waiting in this branch or under it opens it too. */
  readonly #inputRequests = new ContextConsumer(this, { context: inputRequestsContext, subscribe: true });
  readonly #texts = new Texts(this, subagentsEn);
  /** The steps, and what they were made from: made again only when one of those changed (#steps). */
  #group: TurnGroup | undefined;
  #madeFrom: readonly unknown[] = [];
  /** Stop was pressed here: its end is said once it comes. */
  #stoppedHere = false;
  /** The calls that wait for an answer in this branch or under it, and the ones it last opened for. */
  #waiting: readonly PendingCall[] = NO_CALLS;
  #openedFor = '';
  /** This branch's confirmation calls seen waiting here: their cards stay, answered, once the server forgets them. */
  readonly #known = new Map<string, PendingCall>();

  constructor() {
    super();
    this.state = 'running';
    this.open = false;
    this.stopping = false;
  }

  protected override willUpdate(): void {
    this.#watchWaiting();
    if (this.state === 'running') return;
    if (this.stopping && this.#stoppedHere && this.state === 'stopped') this.note = this.#name(this.#t.subagentStopped);
    this.stopping = false;
  }

  /** The calls the run waits for here and under: they open the sub-agent, once each; its own become known cards. */
  #watchWaiting(): void {
    const id = this.call?.toolCallId;
    const pending = this.#pending();
    const state = this.#conversation.value;
    this.#waiting = id && state && pending.length > 0 ? waitingUnder(id, pending, state.subagents) : NO_CALLS;
    const asking = this.#inputRequests.value?.requests.filter((request) => !request.answer) ?? [];
    const askingHere = id && state && asking.length > 0 ? waitingUnder(id, asking, state.subagents) : [];
    const waitingFor = [...this.#waiting.map((call) => call.toolCallId), ...askingHere.map((request) => request.requestId)].join(' ');
    if (waitingFor && waitingFor !== this.#openedFor) this.open = true;
    this.#openedFor = waitingFor;
    for (const call of this.#waiting) if (call.parentCallId === id && isConfirmation(call)) this.#known.set(call.toolCallId, call);
  }

  /**
   * The calls the run waits for, once it has ended: while it runs, the page may still be answering them (the
   * adapter's confirm, a client tool's handler), as the conversation's own cards wait for the run's end.
   */
  #pending(): readonly PendingCall[] {
    const state = this.#conversation.value;
    return !state || state.running ? NO_CALLS : state.pending;
  }

  /** Its state as drawn: waiting for the user while a call waits in it or under it (its call has no result then). */
  get #shownState(): ToolStepState {
    return this.#waiting.length > 0 && !this.result ? 'waiting' : this.state;
  }

  get #t(): SubagentStrings {
    return this.#texts.value;
  }

  #label(): string {
    return this.label || this.call?.label || this.call?.name || '';
  }

  #name(state: string): string {
    return format(this.#t.subagentLabel, { label: this.#label(), state });
  }

  /** The branch's steps as a turn; grouped again only when the branch, the call's state or the pending calls moved. */
  #steps(): TurnGroup {
    const state = this.#conversation.value;
    const id = this.call!.toolCallId;
    const branch = state?.subagents.get(id);
    const tools = this.#tools.value ?? NO_CATALOG;
    const pending = this.#pending();
    const from = [branch, branch?.version, this.state, pending, tools, this.#known.size];
    if (!this.#group || from.some((value, at) => value !== this.#madeFrom[at])) {
      this.#madeFrom = from;
      this.#group = branchGroup(id, branch, this.state === 'running', tools, pending, this.#known);
    }
    return this.#group;
  }

  protected override render() {
    const call = this.call;
    if (!call) return nothing;
    const t = this.#t;
    const label = this.#label();
    const shown = this.#shownState;
    const running = shown === 'running';
    const stateText = this.stopping ? t.subagentStopping : t[STATE_KEY[shown]];
    const usage = this.#host.value?.showUsage ? this.result?.usage : undefined;
    return html`<div class="node ${this.open ? 'open' : ''}" part="subagent">
      <div class="head">
        <button
          type="button"
          class="toggle"
          part="subagent-summary"
          aria-expanded=${this.open ? 'true' : 'false'}
          aria-controls="steps"
          aria-label=${this.#name(stateText)}
          title=${call.name}
          @click=${this.#toggle}
          @keydown=${this.#key}
        >
          ${running ? spinner : html`<span class="glyph" aria-hidden="true">${STEP_GLYPH[shown]}</span>`}
          <span class="label">${label}</span>
          <span class="state">${stateText}</span>
        </button>
        ${usage ? html`<span class="usage" part="subagent-usage">${usageText(t, usage, this.#host.value?.locale)}</span>` : nothing}
        ${running && this.#host.value?.transport !== 'ag-ui'
          ? html`<button
              type="button"
              class="stop"
              part="subagent-stop-button"
              aria-label=${format(t.stopSubagentLabel, { label })}
              ?disabled=${this.stopping}
              @click=${this.#stop}
            >
              ${t.stopSubagent}
            </button>`
          : nothing}
      </div>
      <p class="note" role="status">${this.note ?? nothing}</p>
      <div id="steps" class="steps" part="subagent-steps" role="group" aria-label=${format(t.subagentSteps, { label })} ?hidden=${!this.open}>
        ${this.open ? this.#drawSteps() : nothing}
      </div>
    </div>`;
  }

  #drawSteps(): TemplateResult {
    const group = this.#steps();
    if (group.steps.length === 0) return html`<p class="state">${this.#t.subagentNoSteps}</p>`;
    return html`<agent-chat-turn exportparts=${TOOL_CHIP_PARTS} .group=${group} .decide=${this.#conversation.value?.decide}></agent-chat-turn>`;
  }

  readonly #toggle = (): void => {
    this.open = !this.open;
  };

  /** → opens, ← closes; ← on a closed sub-agent goes to the sub-agent that started it. */
  readonly #key = (event: KeyboardEvent): void => {
    if (event.key === 'ArrowRight' && !this.open) this.open = true;
    else if (event.key === 'ArrowLeft' && this.open) this.open = false;
    else if (event.key === 'ArrowLeft') parentNode(this)?.focusToggle();
    else return;
    event.preventDefault();
  };

  /** Puts the focus on the chip's button. */
  focusToggle(): void {
    this.renderRoot.querySelector<HTMLElement>('.toggle')?.focus();
  }

  readonly #stop = async (): Promise<void> => {
    const host = this.#host.value;
    const sessionId = this.#conversation.value?.sessionId;
    if (!host || !sessionId || !this.call) return;
    this.stopping = true;
    this.#stoppedHere = true;
    this.note = undefined;
    // The button is disabled now, and goes once the result comes: the focus stays on the sub-agent.
    this.focusToggle();
    try {
      await stopBranch(host, sessionId, this.call.toolCallId);
    } catch (error) {
      // It may have ended meanwhile (409); if it still runs, its Stop is offered again.
      this.stopping = false;
      this.#stoppedHere = false;
      if (this.state === 'running') this.note = format(this.#t.stopSubagentFailed, { message: error instanceof Error ? error.message : String(error) });
    }
  };

  static override styles = [tokens, focusRing, iconStyles, subagentStyles];
}

/** The sub-agent whose steps hold this one (through the turn's and the chips' shadow roots), if any. */
function parentNode(node: SubagentNode): SubagentNode | undefined {
  let at: Node | null = node;
  for (;;) {
    at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null);
    if (!at) return undefined;
    if (at instanceof SubagentNode) return at;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-subagent': SubagentNode;
  }
}
