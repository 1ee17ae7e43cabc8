import { LitElement } from 'lit';
import type { AgentChatAdapter } from '../context/adapter.js';
import type { TransportName } from '../context/element-host.js';
import type { ElementStrings } from '../i18n/strings.js';
import type { LayoutMode } from '../ui/layout/frame-of.js';
import type { Corner } from '../ui/layout/launcher-place.js';
import { DEFAULT_BREAKPOINT } from '../ui/layout/narrow-screen.js';

/**
 * Seed 002's 5 s: the ephemeral frame's DEFAULT_HIDE_AFTER_MS, written out here so the shell does not import the
 * frame's state machine into the first load (modes.test.ts holds the two equal).
 */
const DEFAULT_HIDE_AFTER_MS = 5000;

/**
 * What a page sets on `<agent-chat>`: its attributes and properties, each with its default. `AgentChat` (agent-chat.ts)
 * is the element: it adds what it does with them. Both are read as one by custom-elements.json and the framework
 * typings (frameworks/properties.ts).
 */
export class AgentChatSettings extends LitElement {
  // `{}` is a string attribute: Lit's default type, so the parts leave `type: String` out (bytes of the budget).
  static override properties = {
    endpoint: {},
    session: {},
    transport: {},
    placeholder: {},
    heading: {},
    locale: {},
    strings: { attribute: false },
    theme: { reflect: true },
    mode: { reflect: true },
    position: { reflect: true },
    side: { reflect: true },
    storageKey: { attribute: 'storage-key' },
    padBody: { type: Boolean, attribute: 'pad-body' },
    hideAfter: { type: Number, attribute: 'hide-after' },
    breakpoint: { type: Number },
    lockWhileStreaming: { type: Boolean, attribute: 'lock-while-streaming' },
    threads: { type: Boolean },
    showUsage: { type: Boolean, attribute: 'show-usage' },
    opened: { type: Boolean, reflect: true, attribute: 'open' },
    adapter: { attribute: false },
    appsSandbox: { attribute: 'apps-sandbox' },
    narrow: { state: true },
  };

  /** Where the host mounted the agent server, e.g. `/api/agent`. */
  declare endpoint: string;
  /** The conversation to show. Without it, one is created and kept in localStorage for this endpoint. */
  declare session: string | undefined;
  /**
   * What `endpoint` speaks: `agent-chat` (the default, an `@agent-chat/server` mount) or `ag-ui` (any AG-UI agent's
   * run endpoint; docs/interop.md, its code a chunk loaded only then). A change starts the conversation over.
   */
  declare transport: TransportName | undefined;
  /** The composer's placeholder text. */
  declare placeholder: string | undefined;
  /** The panel's title; by default the strings table's `panelTitle`. */
  declare heading: string | undefined;
  /** The language of the element's own texts (`en`, `fr`); unknown ones get English. */
  declare locale: string | undefined;
  /** Some of the element's texts replaced, by key (see i18n/strings.ts, and the tables beside it: the cards', the thread view's…). */
  declare strings: Partial<ElementStrings> | undefined;
  /** `light`, `dark`, or unset to follow the system. */
  declare theme: 'light' | 'dark' | undefined;
  /** The layout: `inline` (default), `floating`, `docked`, `ephemeral` or `hidden`; switchable at any time. */
  declare mode: LayoutMode;
  /** Floating: the launcher's corner. */
  declare position: Corner;
  /** Docked: which side of the page. */
  declare side: 'left' | 'right';
  /** Where position, size and open state are remembered; by default derived from the endpoint. */
  declare storageKey: string | undefined;
  /** Docked: also pad document.body so the page's content is not under the panel. */
  declare padBody: boolean;
  /** Ephemeral: ms without activity before the output panel hides. */
  declare hideAfter: number;
  /** Below this viewport width (px) floating and docked become a full-screen drawer. */
  declare breakpoint: number;
  /** Seed 003's behaviour: no typing while a reply streams (by default what is sent then is queued). */
  declare lockWhileStreaming: boolean;
  /**
   * The thread view: a button in the header (atop the panel inline) that shows the user's conversations (the
   * server's `GET /sessions`), to switch between, rename, delete, or start a new one. Switching sets `session`.
   * Its code loads only on pages that set it.
   */
  declare threads: boolean;
  /**
   * Show the tokens (and the cost, when the server has prices) each reply used, in its actions, and each sub-agent
   * used, in its tree. Off by default: nothing is shown.
   */
  declare showUsage: boolean;
  /**
   * The panel is open (floating, drawer), expanded (docked) or showing its output (ephemeral). The `open`
   * attribute; the property has another name because `open()` is the method.
   */
  declare opened: boolean;
  /** What the host page lends the chat: context, mentions, client tools, confirm, headers… */
  declare adapter: AgentChatAdapter | undefined;
  /**
   * The sandbox page MCP Apps views from an AG-UI agent are drawn in (`transport="ag-ui"`): an agent-chat server's
   * (`…/apps/sandbox` on its sandbox origin) or any MCP Apps sandbox proxy, on an origin other than the page's. An
   * agent-chat server names its own; without this, an AG-UI agent's views are not drawn.
   */
  declare appsSandbox: string | undefined;
  /** @internal The viewport is narrower than `breakpoint`: floating and docked show as a drawer. */
  declare narrow: boolean;

  constructor() {
    super();
    this.endpoint = '';
    this.mode = 'inline';
    this.position = 'bottom-right';
    this.side = 'right';
    this.padBody = false;
    this.hideAfter = DEFAULT_HIDE_AFTER_MS;
    this.breakpoint = DEFAULT_BREAKPOINT;
    this.lockWhileStreaming = false;
    this.showUsage = false;
    this.opened = false;
    this.narrow = false;
  }
}
