import { finalAnswerSchema } from '@agent-chat/protocol';
import { defineTool } from './define-tool.js';

/**
 * A tool the agent calls to end a turn with a structured answer (seed 004, phase 7): a summary, links and
 * suggested follow-ups, which the element shows as a card with link badges and chips that send their text.
 */
export function finalAnswerTool(options: { name?: string; description?: string } = {}) {
  return defineTool({
    name: options.name ?? 'final_answer',
    description:
      options.description ??
      'Give the user your final answer as a card: a short summary, optional links, and up to four follow-up suggestions. Call it once, as the last step of a turn.',
    input: finalAnswerSchema,
    display: 'answer',
    label: 'Answer',
    execute: () => 'The answer is shown to the user. End your turn without repeating it.',
  });
}
