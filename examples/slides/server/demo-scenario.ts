import type { ScriptedResponse, ScriptedRun } from '@agent-chat/server';
import { stageName } from './carousel.js';
import type { DemoStep } from './demo-steps.js';
import { stageAction } from './stage-actions.js';

/**
 * The offline demo model's repertoire: each request it understands (demo-understand.ts) is played as an agent
 * would: thinking, read tools, the write tool with an instruction, a final answer written from the results. A play
 * returns the whole run; the scripted model plays the response for the current step, so later responses are
 * written from results that exist by the time they are played.
 */
export type Play<R> = (request: R, steps: readonly DemoStep[]) => ScriptedRun;

/** What get_slide returns, as far as the answers quote it. */
export interface SlideView {
  title?: string;
  body?: string;
  image_prompt?: string;
}

/** Where the title sits in the body, when the body says it too ("Most remote meetings waste time…"). */
function titleInBody(slide: SlideView): { at: number; length: number } | undefined {
  const title = slide.title?.trim().replace(/[.!?]+$/, '') ?? '';
  const at = title ? (slide.body ?? '').toLowerCase().indexOf(title.toLowerCase()) : -1;
  return at < 0 ? undefined : { at, length: title.length };
}

/**
 * A slide quoted in an answer, as a block: the title in bold over the body, or, when the body already says the
 * title, the body alone with those words in bold, so no answer says a title twice in a row.
 */
export function slideBlock(slide: SlideView | undefined): string {
  if (!slide?.title) return '> (this slide is empty)';
  const body = slide.body?.trim() ?? '';
  const inBody = titleInBody(slide);
  // Two paragraphs in the quote: a single newline would run the title and the body together on one line.
  if (!inBody) return body ? `> **${slide.title}**\n>\n> ${body}` : `> **${slide.title}**`;
  const { at, length } = inBody;
  return `> ${body.slice(0, at)}**${body.slice(at, at + length)}**${body.slice(at + length)}`;
}

/** A slide quoted as the end of a sentence (thinking): the same rule, in quotation marks, with its full stop. */
export function slideQuote(slide: SlideView | undefined): string {
  if (!slide?.title) return 'nothing yet.';
  const text = titleInBody(slide) ? `${slide.body}` : `${slide.title}. ${slide.body}`;
  return /[.!?]$/.test(text.trim()) ? `“${text.trim()}”` : `“${text.trim()}.”`;
}

/** The final answer after a write: what changed, or why it did not, with the way forward. */
export function afterWrite(step: DemoStep | undefined, success: (output: Record<string, unknown>) => string): ScriptedResponse {
  if (!step) return [{ text: 'The change did not run.' }];
  if (!step.isError) return [{ text: success(step.output as Record<string, unknown>) }];
  const action = stageAction(step.name);
  const error = String(step.output).replace(/^Tool \w+ failed: /, '');
  if (action && error.startsWith('Unknown tool')) {
    return [
      {
        text:
          `I can't do that from here: it belongs to stage ${action.stage} (${stageName(action.stage)}). ` +
          `Type \`/stage ${action.stage}\` or click the stage above, then ask me again.`,
      },
    ];
  }
  return [{ text: `That didn't work: ${error}` }];
}

export const undoHint = 'Press **Undo** to put it back as it was.';
