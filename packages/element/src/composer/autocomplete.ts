// The autocomplete chunk's entry: the `/` command and `@` mention list, loaded the first time the user types a
// token (load-autocomplete.ts). A conversation where nobody types `/` or `@` never downloads it. Loaded on the
// token rather than when the adapter offers mentionables: every chat has `/` commands, so the offer says nothing.
// Loaded only after the conversation: importing its chunk first keeps the conversation in one file (chunks/README.md).
import '../chunks/conversation-parts.js';
export { LISTBOX_ID, optionId, suggestionList, suggestionStyles } from './suggestion-list.js';
export { commandSuggestions, itemLabel, mentionSuggestions, runsAsTyped, toMentionGroups } from './suggestions.js';
