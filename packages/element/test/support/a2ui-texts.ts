// The words of the A2UI scenario (a2ui-scenarios.ts) and its test, shared by both.
import type { A2uiAction } from '@agent-chat/protocol';

export const A2UI = {
  examples: 'examples',
  shown: 'Every example is drawn.',
  uiPrefix: 'ui:',
  sent: 'Sent.',
  help: 'Say examples, or ui: and the messages.',
};

/** The agent's answer to a user's act: what it got, so the test sees the act reached the model whole. */
export const a2uiActReply = (action: Pick<A2uiAction, 'name' | 'context' | 'dataModel'>) =>
  `Got ${action.name} with ${JSON.stringify(action.context)}${action.dataModel ? ` and ${JSON.stringify(action.dataModel)}` : ''}`;
