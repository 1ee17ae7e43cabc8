import type { Interrupt } from '@ag-ui/core';
import type { InputFormSchema, InputRequestEvent, InputRequestKind, SamplingRequestInfo } from '@agent-chat/protocol';
import { OURS } from './stream-events.js';

/** The interrupt reason of an input request: a running call asks the user (an agent-chat server's elicitation or sampling). */
export const INPUT_REQUEST_REASON = 'input_request';

/** What an agent-chat server puts in an input request's metadata: the card's details AG-UI has no field for. */
interface InputDetails {
  kind?: InputRequestKind;
  server?: string;
  url?: string;
  sampling?: SamplingRequestInfo;
}

/**
 * An input request interrupt as the element's `input_request` event, so the conversation draws the same card it draws
 * for the element's own server: under the call that asked (`toolCallId`), in the sub-agent branch `parentCallId`. A
 * form's fields are the interrupt's `responseSchema`; its kind, who asks and a link's URL or a sampling request come
 * from the metadata (an interrupt without them is taken for a form from whoever the agent is).
 */
export function inputRequestEvent(interrupt: Interrupt, toolCallId: string, parentCallId: string | undefined): InputRequestEvent {
  const details = (interrupt.metadata?.[OURS] ?? {}) as InputDetails;
  const kind = details.kind ?? 'form';
  const schema = interrupt.responseSchema as InputFormSchema | undefined;
  const expiresAt = interrupt.expiresAt ? Date.parse(interrupt.expiresAt) : NaN;
  return {
    type: 'input_request',
    requestId: interrupt.id,
    toolCallId,
    ...(parentCallId === undefined ? {} : { parentCallId }),
    server: details.server ?? 'agent',
    kind,
    message: interrupt.message ?? '',
    ...(kind === 'form' && schema?.type === 'object' ? { schema } : {}),
    ...(details.url === undefined ? {} : { url: details.url }),
    ...(details.sampling === undefined ? {} : { sampling: details.sampling }),
    ...(Number.isFinite(expiresAt) ? { expiresAt } : {}),
  };
}
