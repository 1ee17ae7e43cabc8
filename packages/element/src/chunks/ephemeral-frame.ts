// The ephemeral frame's chunk (load-frame.ts). It imports the shell first for the bundle's sake: see README.md here.
import '../register.js';

export { EphemeralFrame } from '../frames/ephemeral-frame.js';
