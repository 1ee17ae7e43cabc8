// The input requests' chunk: the cards of what a running tool call asks the user (a form, a link to open, a sampling
// approval). A tool chip asks for it when its call has asked something (features/cards/tool-chip.ts), so a
// conversation without input requests never loads it. It imports the shell, the conversation and the cards first,
// for the bundle's sake and because a form card draws the cards' form (agent-chat-schema-form): it loads after
// them (the chip is a card). See README.md here.
import '../element/register.js';
import './conversation-parts.js';
import './cards.js';
import { define } from '../ui/define-element.js';
import { InputRequestCard } from '../features/input-requests/input-request-card.js';

define('agent-chat-input-request', InputRequestCard);

export { InputRequestCard };
