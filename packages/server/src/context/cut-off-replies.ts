import type { Turn } from '@agent-chat/protocol';

/**
 * What the model sees of a reply that a failure cut off and that was then tried again: nothing. The text and thinking
 * right before an error turn are what the model had said when its reply broke (a timeout, an overloaded API). When
 * the user moved on, they stay in the request as what was said; when the turn is retried (the error is the last turn,
 * or the retry's reply follows it), the model is asked for the whole reply again instead of being shown its half
 * sentence as if finished, which would also end the request with the assistant's words (a prefill, which newer
 * models refuse). The stored history keeps them, as the user saw them; the calls and results before them stay too.
 */
export function withoutCutOffReplies(turns: readonly Turn[]): readonly Turn[] {
  if (!turns.some((turn) => turn.type === 'error')) return turns;
  const kept: Turn[] = [];
  turns.forEach((turn, index) => {
    if (turn.type === 'error' && turns[index + 1]?.type !== 'user') {
      while (kept.at(-1)?.type === 'assistant_text' || kept.at(-1)?.type === 'thinking') kept.pop();
    }
    kept.push(turn);
  });
  return kept;
}
