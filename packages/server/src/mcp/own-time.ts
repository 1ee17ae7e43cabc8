import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { afterUserWait, userWait } from '../tools/user-wait.js';
import type { McpCaller } from './calls-in-flight.js';

/** The MCP client's timers take at most this (setTimeout's limit): "no timeout of the SDK's own". */
export const NO_SDK_TIMEOUT = 2_147_483_647;

/**
 * A `tools/call` timed by its own time: the time its caller spends waiting for the user (a server's elicitation or
 * sampling approval, through ctx.requestInput) is not counted, as the loop does not count it against the tool's
 * `timeoutMs` either. The MCP client's own timer cannot pause, so the request runs without one and is cancelled
 * through this signal instead (with the client's own timeout error, so it reads as before).
 */
export function ownTimeDeadline(caller: McpCaller, timeoutMs: number): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let paused: (() => void) | undefined;
  const check = (): void => {
    const wait = userWait(caller);
    // Paused while the user is asked: looked at again once they answered, not polled meanwhile.
    if (wait.waiting) {
      paused = afterUserWait(caller, check);
      return;
    }
    const left = timeoutMs - (Date.now() - started - wait.ms);
    if (left > 0) timer = setTimeout(check, left);
    else controller.abort(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs }));
  };
  timer = setTimeout(check, timeoutMs);
  return {
    signal: controller.signal,
    stop: () => {
      clearTimeout(timer);
      paused?.();
    },
  };
}
