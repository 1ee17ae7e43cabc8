import type { ModelStopReason } from '../model.js';

export interface MappedStopReason {
  reason: ModelStopReason;
  /** The provider's own value when it is not one we know, so it is reported instead of swallowed. */
  detail?: string;
}

/** Anthropic's `stop_reason` as a ModelStopReason. Every known value is listed so a new one lands in `other`. */
export function toModelStopReason(raw: string | null | undefined): MappedStopReason {
  switch (raw) {
    case 'end_turn':
      return { reason: 'end_turn' };
    case 'tool_use':
      return { reason: 'tool_use' };
    case 'max_tokens':
      return { reason: 'max_tokens' };
    case 'stop_sequence':
      return { reason: 'stop_sequence' };
    case 'pause_turn':
      return { reason: 'pause_turn' };
    case 'refusal':
      return { reason: 'refusal' };
    case 'model_context_window_exceeded':
      return { reason: 'context_window_exceeded' };
    default:
      return { reason: 'other', detail: String(raw) };
  }
}
