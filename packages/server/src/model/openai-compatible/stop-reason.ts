import type { ModelStopReason } from '../model.js';

export interface MappedStopReason {
  reason: ModelStopReason;
  /** The server's own value when it is not one we know, so it is reported instead of swallowed. */
  detail?: string;
}

/**
 * A Chat Completions `finish_reason` as a ModelStopReason. `calledTools` wins over `stop` because some compatible
 * servers say `stop` after a response that did call tools, and the loop must still run them.
 */
export function toModelStopReason(raw: string | null | undefined, calledTools: boolean): MappedStopReason {
  switch (raw) {
    case 'stop':
      return { reason: calledTools ? 'tool_use' : 'end_turn' };
    case 'tool_calls':
    // The pre-tools name of the same thing, still sent by some servers.
    case 'function_call':
      return { reason: 'tool_use' };
    case 'length':
      return { reason: 'max_tokens' };
    case 'content_filter':
      return { reason: 'refusal' };
    default:
      return { reason: 'other', detail: raw == null ? 'no finish_reason' : String(raw) };
  }
}
