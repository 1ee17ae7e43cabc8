// The drawer frame's chunk (load-frame.ts). It imports the shell first for the bundle's sake: see README.md here.
import '../register.js';

export { DrawerFrame } from '../frames/drawer-frame.js';
