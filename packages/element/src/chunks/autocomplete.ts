// The autocomplete's chunk: the `/` command and `@` mention list, asked for the first time the user types a token
// (composer.ts), and the mentions drawn in the text (features/autocomplete/mention-input.ts), which a pick has loaded it for. A
// conversation where nobody types `/` or `@` never downloads it. Asked for on the token rather than when the adapter
// offers mentionables: every chat has `/` commands, so the offer says nothing. It imports the shell and the
// conversation first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
export { LISTBOX_ID, optionId, suggestionList, suggestionStyles } from '../features/autocomplete/suggestion-list.js';
export { commandSuggestions, mentionSuggestions, runsAsTyped, toMentionGroups } from '../features/autocomplete/suggestions.js';
export { lookUp } from '../features/autocomplete/look-up.js';
export { withPick } from '../features/autocomplete/pick.js';
export { MENTIONS_ID, mentionKey, mentionLayer, mentionStyles, snapToMention, syncMentionLayer } from '../features/autocomplete/mention-input.js';
