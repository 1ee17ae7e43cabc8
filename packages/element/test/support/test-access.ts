import type { AgentChatOptions } from '@agent-chat/server';

/**
 * Who the browser tests are to the agent server: the test page is another origin (the test runner's), allowed by
 * name, and one principal, named by `authorize` (a cross-origin fetch sends no cookie unless the host opts in with
 * adapter.credentials, so the anonymous cookie is tested by the examples, which are same-origin).
 */
export const testAccess: Pick<AgentChatOptions, 'authorize' | 'origins'> = {
  authorize: () => 'browser-tests',
  origins: (origin) => /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin),
};
