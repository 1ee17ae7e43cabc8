import { defineTool } from '@agent-chat/server';
import { z } from 'zod';

/**
 * sendStatusMessage (seed 004, Utility Tools): a friendly line shown in the chat at once, while the agent goes on
 * working. Hidden as a step, because the line itself is what the user should see.
 */
export const sendStatusMessage = defineTool({
  name: 'sendStatusMessage',
  description:
    'Show the user a short, friendly status line right away ("Sure, let me make those flashcards for you."), before slower work. Do not repeat it in your final text.',
  input: z.object({ message: z.string().min(1).max(200) }),
  display: 'hidden',
  label: 'Status',
  execute: ({ message }, { status }) => {
    status(message);
    return 'Shown to the user.';
  },
});
