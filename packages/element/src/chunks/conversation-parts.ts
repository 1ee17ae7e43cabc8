// The conversation chunk's entry, which load-conversation.ts asks for when an element first shows a conversation or
// its host starts a run: the conversation's parts (../conversation-parts.ts) and the shell's side of them
// (../shell-conversation.ts), one chunk rather than two and the small ones they would share (measured: 0.7 KB
// gzip more for a plain text conversation). It has the parts' file name because the chunk is named after its
// entry (dist/chunks/conversation-parts-<hash>.js), the name pages and tests know the conversation's chunk by.
// It imports the shell first for the bundle's sake: see README.md here.
import '../register.js';

export * from '../conversation-parts.js';
export * from '../shell-conversation.js';
