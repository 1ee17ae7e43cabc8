import { cutText } from '../text/cut-text.js';

/**
 * A tool's output cut to at most `maxChars` characters of JSON, with a note the model can read, so one huge result
 * cannot fill the context window or the session. Outputs within the limit are returned as they are.
 */
export function truncateOutput(output: unknown, maxChars: number): unknown {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  if (text === undefined || text.length <= maxChars) return output;
  return `${cutText(text, maxChars)}\n[truncated: the result was ${text.length} characters; only the first ${maxChars} are shown]`;
}
