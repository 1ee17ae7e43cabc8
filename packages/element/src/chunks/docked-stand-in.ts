// The docked frame's stand-in's chunk: what a docked page loads before its first paint, the frame's own chunk
// coming after it (agent-chat.ts asks for both). It imports the shell first for the bundle's sake: see README.md here.
import '../element/register.js';

export { holdSpace, renderStandIn } from '../features/frames/docked-stand-in.js';
