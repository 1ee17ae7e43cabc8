// The code highlighter's chunk (markdown/code-highlighter.ts, with highlight.js's core), asked for the first time a
// code block with a language closes (markdown/highlight-code.ts); each language is a chunk of its own after it
// (markdown/code-languages.ts). It imports the shell and the conversation first, for the bundle's sake: see
// README.md here.
import '../register.js';
import './conversation-parts.js';
export { highlightCode } from '../markdown/code-highlighter.js';
