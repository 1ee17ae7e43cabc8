import { LitElement, css, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { ToolCallTurn, ToolResultTurn } from '@agent-chat/protocol';
import { adapterContext } from '../../context/adapter-context.js';
import { inputRequestsContext } from '../../context/input-requests-context.js';
import type { JsonSchema } from './schema-fields.js';
import { toolCatalogContext } from '../../context/tool-catalog-context.js';
import type { ToolStepState } from '../../core/turns/display-items.js';
import { load, loaded, need, type FeatureModule } from '../registry.js';
import { cardTextsEn } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import type { CardStringKey, CardStrings } from './card-strings.js';
import { format } from '../../i18n/strings.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { hasHostView } from '../../context/has-host-view.js';
import { iconStyles, spinner } from '../../ui/icons.js';
import { STEP_GLYPH } from '../../ui/step-glyphs.js';
import { valueList, valueListStyles } from './value-list.js';
import { INPUT_REQUEST_PARTS, MCP_APP_PARTS, TOOL_CHIP_PARTS } from '../../ui/parts.js';

const STATE_KEY: Record<ToolStepState, CardStringKey> = {
  running: 'toolRunning',
  done: 'toolDone',
  failed: 'toolFailed',
  stopped: 'toolStopped',
  interrupted: 'toolInterrupted',
  waiting: 'toolWaiting',
};

/** Long outputs are for the model; a person needs the start of them. */
const MAX_OUTPUT_CHARS = 4000;

/**
 * One tool call: its label, a spinner while it runs, then a check, a cross or a stop mark, with what it was asked
 * (its input, as a list of fields under their titles) and its result folded away below (a native `<details>`, so
 * Enter and Space expand it and screen readers hear "collapsed"/"expanded").
 *
 * A sub-agent's call (`subagent` on the call) is drawn as the sub-agent's tree instead (its own chunk:
 * features/subagent-tree/), with this chip in its place until that chunk is in.
 *
 * What the call asks the user while it runs (a form, a link, a sampling approval: the server's `input_request`) is
 * drawn under the chip, each as its card (its own chunk: features/input-requests/), and stays there once answered.
 *
 * @csspart tool-chip - A tool call's chip.
 * @csspart tool-output - A tool call's result, when expanded.
 * @csspart tool-display - What the result holds for the user only (its `display`), under the chip, never folded.
 */
export class ToolChip extends LitElement {
  static override properties = {
    call: { attribute: false },
    result: { attribute: false },
    state: { reflect: true },
    label: {},
    progress: {},
  };

  declare call: ToolCallTurn | undefined;
  declare result: ToolResultTurn | undefined;
  declare state: ToolStepState;
  /** Overrides the server's label (the host adapter's `labelFor`). */
  declare label: string | undefined;
  /** While it runs: the tool's latest progress (the server's `ctx.status`), in place of "running". */
  declare progress: string | undefined;

  readonly #strings = new Texts(this, cardTextsEn);
  readonly #adapter = new ContextConsumer(this, { context: adapterContext, subscribe: true });
  /** The tools' schemas: the input's fields under their titles for people. */
  readonly #tools = new ContextConsumer(this, { context: toolCatalogContext, subscribe: true });
  /** What running calls asked the user: this call's are drawn under it. A new value only when one comes or is answered. */
  readonly #inputRequests = new ContextConsumer(this, { context: inputRequestsContext, subscribe: true });
  /** The host's own view of this call, drawn instead of the chip (adapter.toolViews, adapter.renderTool). */
  #view: InstanceType<FeatureModule<'tool-views'>['ToolView']> | undefined;

  constructor() {
    super();
    this.state = 'running';
  }

  protected override willUpdate(): void {
    // A call whose input never finished streaming (the run was stopped or failed part-way) was never stored, so it is
    // not shown, as after a reload.
    this.hidden = this.state !== 'running' && typeof (this.call as { text?: unknown } | undefined)?.text === 'string';
  }

  protected override render() {
    const id = this.call?.toolCallId;
    const requests = this.#inputRequests.value?.requests.filter((request) => request.toolCallId === id) ?? [];
    if (requests.length === 0) return html`${this.#renderChip(false)}${this.#renderApp()}`;
    // The cards upgrade when their chunk is in; until then the chip says the call waits.
    need('input-requests', this);
    const asking = requests.some((request) => !request.answer);
    return html`${this.#renderChip(asking)}
      <div class="requests">
        ${requests.map(
          (request) => html`<agent-chat-input-request
            exportparts=${INPUT_REQUEST_PARTS}
            .request=${request}
            ?waiting=${this.state === 'running'}
          ></agent-chat-input-request>`,
        )}
      </div>${this.#renderApp()}`;
  }

  /**
   * A call its MCP server draws as a view (MCP Apps): the view under the chip, once its chunk is in; from the
   * call's first streamed piece when the server says then that it has a view, so the view sees its input come.
   */
  #renderApp() {
    if (!this.call?.view) return nothing;
    need('mcp-apps', this);
    return html`<agent-chat-mcp-app
      exportparts=${MCP_APP_PARTS}
      .call=${this.call}
      .result=${this.result}
      state=${this.state}
    ></agent-chat-mcp-app>`;
  }

  /** `asking`: a request of the call's waits for the user, which its state says while it runs. */
  #renderChip(asking: boolean) {
    const call = this.call;
    if (!call) return nothing;
    const adapter = this.#adapter.value;
    const t = this.#strings.value;
    const label = this.label || this.#hostLabel(call) || call.label || call.name;
    // A sub-agent's call: its tree, once its chunk is in (the chip meanwhile, and for good if it never comes).
    if (call.subagent) {
      if (loaded('subagent-tree')) {
        return html`<agent-chat-subagent exportparts=${TOOL_CHIP_PARTS} .call=${call} .result=${this.result} state=${this.state} label=${label}></agent-chat-subagent>`;
      }
      load('subagent-tree', this).then(() => this.requestUpdate(), () => undefined);
    }
    if (hasHostView(adapter, call.name)) {
      const views = loaded('tool-views');
      // The chip meanwhile: the chunk is quick to come (its turn asked for it already), and the chip stays if it never does.
      if (!views) load('tool-views', this).then(() => this.requestUpdate(), () => undefined);
      else {
        const view = (this.#view ??= new views.ToolView(this)).render(adapter, call, this.result, this.state);
        if (view !== undefined) return view;
      }
    }
    const head = html`${this.state === 'running'
        ? spinner
        : html`<span class="glyph" aria-hidden="true">${STEP_GLYPH[this.state]}</span>`}
      <span class="label">${label}</span>
      <span class="state">${(this.state === 'running' && asking && t.toolWaiting) || (this.state === 'running' && this.progress) || t[STATE_KEY[this.state]]}</span>`;
    const input = hasInput(call.input);
    if (!this.result && !input) {
      return html`<div class="chip" part="tool-chip" title=${call.name}>${head}</div>`;
    }
    // Parts the tool meant for the user alone (the model never read them): in the open, under the chip.
    const display = this.result?.display?.length
      ? html`<agent-chat-tool-display exportparts="tool-display" .parts=${this.result.display}></agent-chat-tool-display>`
      : nothing;
    return html`<details class="chip" part="tool-chip">
      <summary title=${call.name}>${head}</summary>
      ${input
        ? html`<div class="input">
            ${valueList(call.input, this.#tools.value?.get(call.name)?.inputSchema as JsonSchema | undefined)}
          </div>`
        : nothing}
      ${this.result
        ? html`<pre
            class="output"
            part="tool-output"
            role="region"
            tabindex="0"
            aria-label=${format(t.toolResult, { label })}
          >${formatOutput(this.result.output, t)}</pre>`
        : nothing}
    </details>${display}`;
  }

  /** The host's own wording for a call, if it has one; a failing labelFor must not break the conversation. */
  #hostLabel(call: ToolCallTurn): string | undefined {
    try {
      return this.#adapter.value?.labelFor?.(call);
    } catch (error) {
      console.error('[agent-chat] adapter.labelFor failed:', error);
      return undefined;
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
      :host([hidden]) {
        display: none;
      }
      .chip {
        display: inline-block;
        max-width: 100%;
        box-sizing: border-box;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_bg);
        font-size: 0.92em;
      }
      summary,
      div.chip {
        display: flex;
        align-items: center;
        gap: 6px;
        padding: 4px 10px;
      }
      summary {
        cursor: pointer;
        list-style: none;
        user-select: none;
        border-radius: var(--_radius-small);
      }
      summary::-webkit-details-marker {
        display: none;
      }
      summary::after {
        content: '';
        width: 0.4em;
        height: 0.4em;
        margin-inline-start: 2px;
        border-inline-end: 1.5px solid var(--_muted);
        border-block-end: 1.5px solid var(--_muted);
        transform: rotate(45deg) translateY(-2px);
      }
      details[open] > summary::after {
        transform: rotate(-135deg) translateY(-2px);
      }
      .glyph {
        width: 1em;
        text-align: center;
        font-weight: 700;
      }
      :host([state='done']) .glyph {
        color: var(--_success);
      }
      :host([state='failed']) .glyph {
        color: var(--_danger);
      }
      :host([state='failed']) .chip {
        border-color: var(--_danger);
      }
      :host([state='stopped']) .glyph,
      :host([state='interrupted']) .glyph,
      :host([state='waiting']) .glyph {
        color: var(--_muted);
      }
      .spinner {
        color: var(--_accent);
      }
      .label {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .state {
        color: var(--_muted);
        font-size: 0.9em;
      }
      .requests {
        display: flex;
        flex-direction: column;
        gap: var(--_gap);
        margin-block-start: var(--_gap);
      }
      .input {
        padding: 8px 10px;
        border-block-start: 1px solid var(--_border);
        font-size: 0.92em;
      }
      .output {
        margin: 0;
        padding: 8px 10px;
        max-height: 16em;
        overflow: auto;
        border-block-start: 1px solid var(--_border);
        background: var(--_surface);
        color: var(--_fg);
        font-family: var(--_mono);
        font-size: 0.88em;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
    `,
  ];
}

/** Whether a call has an input worth a look: not none, not an empty object. */
function hasInput(input: unknown): boolean {
  if (input === undefined || input === null) return false;
  return typeof input !== 'object' || Object.keys(input).length > 0;
}

function formatOutput(output: unknown, t: CardStrings): string {
  let text: string;
  if (typeof output === 'string') text = output;
  else {
    try {
      text = JSON.stringify(output, null, 2) ?? String(output);
    } catch {
      text = String(output);
    }
  }
  if (text.length <= MAX_OUTPUT_CHARS) return text;
  return `${text.slice(0, MAX_OUTPUT_CHARS)}\n${format(t.moreCharacters, { count: text.length - MAX_OUTPUT_CHARS })}`;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-tool-chip': ToolChip;
  }
}
