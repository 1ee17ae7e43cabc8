import { z } from 'zod';
import { defineTool } from '../../src/index.js';

/** A write tool that waits for the user's approval: the tests of approvals taken once, on one instance or many. */
export const addNote = defineTool({
  name: 'add_note',
  description: 'Add a note',
  kind: 'write',
  input: z.object({ text: z.string() }),
  needsConfirmation: true,
  execute: ({ text }) => ({ added: text }),
});
