// The code highlighter's chunk (features/code-highlighting/code-highlighter.ts, with highlight.js's core), asked for the first time a
// code block with a language closes (ui/markdown/highlight-code.ts); each language is a chunk of its own after it
// (features/code-highlighting/code-languages.ts). It imports the shell and the conversation first, for the bundle's sake: see
// README.md here.
import '../element/register.js';
import './conversation-parts.js';
export { highlightCode } from '../features/code-highlighting/code-highlighter.js';
