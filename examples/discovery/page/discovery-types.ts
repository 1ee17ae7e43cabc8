// The shapes of a discovery, shared by the page and the server. The server imports them as types only, so nothing of
// the page runs on the server and the page needs no build step.
import type { PendingCall, Turn } from '@agent-chat/protocol';

/** The pipeline's columns, upstream to downstream (seed 003: Input → Fact → Insight → Recommendation → Output). */
export type Column = 'input' | 'fact' | 'insight' | 'recommendation' | 'output';

export type OutputType = 'report' | 'presentation' | 'action_plan' | 'brief';

/** One card on the board. */
export interface BoardItem {
  /** `I-1`, `F-1`, `N-1` (insight), `R-1`, `O-1`: what the analyst and the agent call it. */
  id: string;
  column: Column;
  /** Inputs have a title (the source); other items are their text. */
  title?: string;
  text: string;
  /** The upstream items this one rests on: a fact's inputs, an insight's facts, and so on. */
  links: string[];
  outputType?: OutputType;
  /** Set when an upstream item was edited or deleted after this one was written: it needs a second look. */
  stale?: boolean;
}

/** The conversation kept with the discovery: the agent server's session, as `GET /sessions/:id` returns it. */
export interface SavedChat {
  sessionId: string;
  turns: Turn[];
  pending: PendingCall[];
}

/** One discovery, as localStorage holds it and Export writes it. */
export interface Discovery {
  version: 1;
  title: string;
  goal: string;
  items: BoardItem[];
  chat: SavedChat;
}

/** What `data` holds for each item of the page context. */
export interface ContextItemData {
  column: Column;
  links: string[];
  outputType?: OutputType;
  stale?: boolean;
}

/** What `GET /discovery/api/info` says about the model in use, for the page's badge. */
export interface ModelInfo {
  offline: boolean;
  name: string;
}
