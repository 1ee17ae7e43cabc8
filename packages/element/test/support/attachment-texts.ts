// What the attachments tests and their server scenario (attachment-scenarios.ts) share, importable in the browser.

/** The scenario's largest file: the server's maxBytes, so a test can send one just over it. */
export const ATTACHMENT_MAX_BYTES = 256 * 1024;

/** Where the test reads the requests the fake Messages API received (a path on the agent server's origin). */
export const MODEL_REQUESTS_PATH = '/__attachments/model-requests';

/** What the model answers: the kinds of content blocks of the last user message, e.g. "Blocks: image, text". */
export function blocksReply(kinds: readonly string[]): string {
  return `Blocks: ${kinds.join(', ')}`;
}
