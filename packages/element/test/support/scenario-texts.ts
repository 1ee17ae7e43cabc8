/** What the test server's scripted models say, shared by the server (Node) and the tests (browser). */

export const BASIC = {
  thinking: 'The user asks about an order; I should look it up.',
  before: 'Let me check that order.',
  toolLabel: 'Looking up order A-17',
  after: 'Order A-17 has shipped with Parcelo.',
} as const;

/** Streams for about 4 s (4 characters every 50 ms), so that Stop always lands mid-run. */
export const SLOW_TEXT = 'This answer arrives slowly, a few characters at a time, so that a test can press Stop. '.repeat(4);

export const echo = (text: string) => `You said: ${text}`;

/** The text of a reply that then takes a second to finish: long enough to queue a message behind it. */
export const MEDIUM_TEXT = 'A reply of middling length, streamed a little at a time.';

/** What the `client` scenario's agent says once the page's tool has answered. */
export const pageSays = (output: unknown) => `The page says: ${JSON.stringify(output)}`;
export const pageFailed = (output: unknown) => `The page failed: ${typeof output === 'string' ? output : JSON.stringify(output)}`;

export const commandReply = (stage: string) => `Moved to stage ${stage}`;

/** The reply whose connection the test server cuts mid-way (the dropping scenario). */
export const DROPPED_TEXT = 'Every word of this reply must arrive exactly once, even though its connection is cut part of the way through.';
