// The quick-action chips' chunk (seed 000), asked for when a composer's adapter first offers quickActions
// (composer.ts); it defines their tag. It imports the shell and the conversation first, for the bundle's sake: see
// README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { QuickActions } from '../features/quick-actions/quick-actions.js';

define('agent-chat-quick-actions', QuickActions);

export { QuickActions };
