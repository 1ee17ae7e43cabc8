// The quick actions' chunk (parts/load-quick-actions.ts imports it when a composer's adapter first offers
// quickActions). It imports the shell and the conversation first, for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';
import { define } from '../define-element.js';
import { QuickActions } from '../parts/quick-actions.js';

define('agent-chat-quick-actions', QuickActions);

export { QuickActions };
