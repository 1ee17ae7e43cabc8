// The chunk that asks for the shown session's history while the conversation's chunk is on its way
// (element/load-conversation.ts asks for the two at once): the conversation's entry is a file that imports its code, two
// round trips, then a long evaluation, and only then could the conversation ask. A small chunk of its own: in the
// shell it would cost every page's first paint. It imports the shell first for the bundle's sake: see README.md here.
import '../element/register.js';

export { askHistoryEarly } from '../transport/ask-history-early.js';
