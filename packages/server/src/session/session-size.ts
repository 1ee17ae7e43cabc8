import type { FieldIssue } from '@agent-chat/protocol';
import type { Limits } from '../limits.js';

/** A history at or past the session's caps, as an issue the user can act on. Reads two counters, never the history. */
export function sessionSizeIssue(turns: number, jsonChars: number, limits: Limits, field: string): FieldIssue | undefined {
  const advice = 'Clear this conversation or start a new one to go on.';
  if (turns >= limits.sessionTurns) {
    return { field, message: `This conversation is full: ${turns} turns, the most this server keeps is ${limits.sessionTurns}. ${advice}` };
  }
  if (jsonChars >= limits.sessionBytes) {
    return { field, message: `This conversation is full: ${jsonChars} bytes, the most this server keeps is ${limits.sessionBytes}. ${advice}` };
  }
  return undefined;
}
