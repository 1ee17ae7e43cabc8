// The autocomplete chunk's entry: the `/` command and `@` mention list, loaded the first time the user types a
// token (load-autocomplete.ts), and the mentions drawn in the text (mention-input.ts), which a pick has loaded it
// for. A conversation where nobody types `/` or `@` never downloads it. Loaded on the token rather than when the
// adapter offers mentionables: every chat has `/` commands, so the offer says nothing.
// Loaded only after the conversation: importing its chunk first keeps the conversation in one file (chunks/README.md).
import '../chunks/conversation-parts.js';
export { LISTBOX_ID, optionId, suggestionList, suggestionStyles } from './suggestion-list.js';
export { commandSuggestions, mentionSuggestions, runsAsTyped, toMentionGroups } from './suggestions.js';
export { MENTIONS_ID, mentionKey, mentionLayer, mentionStyles, snapToMention, syncMentionLayer } from './mention-input.js';
