import { finalAnswerTool, type ScriptedPart } from '@agent-chat/server';

/** The tool's name; the offline demo models call it by this name. */
export const SUGGESTIONS_TOOL = 'suggest_requests';

/**
 * What the agent can do here, as a card with suggestion chips the user clicks to send (the element's answer card,
 * from the server's `finalAnswerTool`). Offered to every model: the offline demo models answer anything they do not
 * understand with it, and a real model is told to use it in the same case rather than guess. Its description keeps it
 * out of ordinary answers, which stay plain text.
 */
export function suggestionsTool() {
  return finalAnswerTool({
    name: SUGGESTIONS_TOOL,
    description:
      'Only when you cannot tell what the user wants, or they ask what you can do: say briefly what you can do here ' +
      '(summary, a short markdown list), with up to four example requests (suggestions) the user can click to send. ' +
      'Not for ordinary answers. Call it as the last step of a turn.',
  });
}

/** The call a demo model makes: `summary` in markdown, at most four suggestions, each a request it understands. */
export function suggestionsCall(summary: string, suggestions: readonly string[]): ScriptedPart {
  return { tool: SUGGESTIONS_TOOL, input: { summary, suggestions: suggestions.slice(0, 4) } };
}
