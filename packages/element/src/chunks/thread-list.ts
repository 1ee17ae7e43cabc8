// The thread view's chunk (load-threads.ts imports it when an element with `threads` first shows its conversation).
// It imports the shell and the conversation first, for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';

export { ThreadList } from '../parts/thread-list.js';
