import type { AgentChatOptions } from '@agent-chat/server';

/** The one principal of the demos: whose sessions every chat of theirs is. */
export const DEMO_USER = 'demo-user';

/**
 * These demos have no sign-in, and their documents (personas, carousels, discoveries, study workspaces) are shared
 * by everyone who opens them, so the chats about them are too: every visitor is one user. A real app returns its
 * signed-in user's id here, and each user's sessions are then theirs alone (docs/security.md). The script-tag and
 * framework examples keep the default instead: each browser its own anonymous principal.
 */
export const demoUser: Pick<AgentChatOptions, 'authorize'> = {
  authorize: () => DEMO_USER,
};
