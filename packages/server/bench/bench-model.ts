// Our side of the bench's model: the pieces of bench-reply.ts as text deltas, then end_turn. A Model of its own
// rather than scriptedModel, because a stamped piece must be stamped when it is emitted, not when a script is made.
import type { Model } from '../src/index.js';
import { replyPieces } from './bench-reply.js';

export function benchModel(): Model {
  return {
    name: 'bench',
    async *stream(request) {
      const last = request.turns.findLast((turn) => turn.type === 'user');
      const text = last?.type === 'user' ? last.text : '';
      for await (const piece of replyPieces(text, request.signal)) yield { type: 'text_delta', text: piece };
      yield { type: 'stop', reason: 'end_turn', usage: { inputTokens: 0, outputTokens: 0 } };
    },
  };
}
