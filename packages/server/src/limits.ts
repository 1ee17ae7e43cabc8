/**
 * What one request or one session may hold. Each limit answers with a 4xx that names the field (or, for a session
 * that is full, tells the user to clear it or start a new conversation), never with a crash or a silent reset.
 */
export interface Limits {
  /** The largest request body, in bytes; checked against Content-Length before the body is read. Default 1 MiB. */
  bodyBytes: number;
  /** How deeply a JSON body may nest (objects and arrays). Default 64. */
  jsonDepth: number;
  /** Characters in one message's text. Default 100,000. */
  messageChars: number;
  /** References (@mentions) on one message. Default 50. */
  references: number;
  /** Attachments on one message. Default 20. */
  attachments: number;
  /** The page context sent with one message, as JSON bytes. Default 256 KiB. */
  contextBytes: number;
  /** Items in the page context's `items` list (AG-UI: entries of `context`). Default 1,000. */
  contextItems: number;
  /**
   * Answers in one request: confirmations and client tool results sent to POST /resume (each list), waiting calls
   * in an imported session, AG-UI resume entries. Default 100.
   */
  answers: number;
  /**
   * Array items in one request body, every array in it counted together (a conversation's turns or AG-UI messages,
   * their parts, tools, context…). Like every count here it is checked before the body is validated, so validating a
   * body costs at most this many items, however it is nested. Default 20,000.
   */
  requestItems: number;
  /**
   * Turns one session may hold; at the cap a new message is refused with `session_full`. Also the most turns an
   * import (PUT) and the most messages an AG-UI request may carry. Default 5,000.
   */
  sessionTurns: number;
  /** A session's history as JSON bytes; at the cap a new message is refused with `session_full`. Default 4 MiB. */
  sessionBytes: number;
  /** A tool result longer than this (characters of its JSON) is cut, with a note, before the model reads it. Default 50,000. */
  toolResultChars: number;
  /**
   * An image a tool returns (`toolContent`) is kept inline in the history, base64, up to this many bytes when the
   * server has no uploads store (with one, it is kept there, up to `uploads.maxBytes`); a larger one is a note. Default 256 KiB.
   */
  toolImageBytes: number;
  /**
   * The MCP result a call drawn as a view keeps for its view (the tool_result's `viewResult`), as characters of JSON:
   * over it, its `content` is left out (the view gets the model's output as content), and if still over, the whole
   * (the view gets only that output). Default 256 KiB.
   */
  viewResultBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 1024 * 1024,
  jsonDepth: 64,
  messageChars: 100_000,
  references: 50,
  attachments: 20,
  contextBytes: 256 * 1024,
  contextItems: 1_000,
  answers: 100,
  requestItems: 20_000,
  sessionTurns: 5_000,
  sessionBytes: 4 * 1024 * 1024,
  toolResultChars: 50_000,
  toolImageBytes: 256 * 1024,
  viewResultBytes: 256 * 1024,
};

export function resolveLimits(given: Partial<Limits> | undefined, maxBodyBytes: number | undefined): Limits {
  const limits = { ...DEFAULT_LIMITS, ...(maxBodyBytes !== undefined ? { bodyBytes: maxBodyBytes } : {}), ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`createAgentChat: limits.${name} must be a whole number ≥ 1 (got ${String(value)})`);
  }
  return limits;
}
