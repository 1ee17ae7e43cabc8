import type { FieldIssue, Turn } from '@agent-chat/protocol';
import type { Limits } from '../limits.js';
import { utf8Length } from './message-limits.js';

/**
 * A history at or past the session's caps, as an issue the user can act on. Measured once per request (the JSON of
 * every turn), not per step.
 */
export function sessionSizeIssue(turns: readonly Turn[], limits: Limits, field: string): FieldIssue | undefined {
  const advice = 'Clear this conversation or start a new one to go on.';
  if (turns.length >= limits.sessionTurns) {
    return { field, message: `This conversation is full: ${turns.length} turns, the most this server keeps is ${limits.sessionTurns}. ${advice}` };
  }
  const bytes = utf8Length(JSON.stringify(turns));
  if (bytes >= limits.sessionBytes) {
    return { field, message: `This conversation is full: ${bytes} bytes, the most this server keeps is ${limits.sessionBytes}. ${advice}` };
  }
  return undefined;
}
