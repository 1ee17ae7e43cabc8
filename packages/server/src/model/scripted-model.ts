import type { A2uiAction, Context, Turn } from '@agent-chat/protocol';
import { ModelError, type Model, type ModelEvent, type ModelRequest } from './model.js';
import { describeUploads, lastUserUploads } from './describe-uploads.js';

/** One piece of a scripted response. */
export type ScriptedPart =
  | { text: string }
  | { thinking: string }
  | { tool: string; input?: unknown; id?: string }
  /** Wait before the next part, to play a slow model (abortable). */
  | { delayMs: number }
  /** Fail the model call with this message, as a provider error would. */
  | { error: string };

/** One model call's output. */
export type ScriptedResponse = readonly ScriptedPart[];

/** The responses for one user message: the first call, then one more after each round of tool results. */
export type ScriptedRun = readonly ScriptedResponse[];

export interface ScriptedRunInput {
  /** The text of the user message this run answers. */
  text: string;
  /** The user's act on an A2UI surface, when that is what the message was (its text is then empty). */
  action?: A2uiAction;
  turns: readonly Turn[];
  /** The system prompt of this call, as a real model gets it (the page context is in it, in tagged sections). */
  system: string;
  /** The page context of this turn as the page sent it; undefined when the message came without one. */
  context: Context | undefined;
}

export type Script = ScriptedRun | ((input: ScriptedRunInput) => ScriptedRun);

export interface ScriptedModelOptions {
  /** Characters per text or thinking delta. Default 12. */
  chunkSize?: number;
  /** Milliseconds between deltas. Default 0. */
  delayMs?: number;
  /**
   * Characters per piece of a tool call's input JSON, streamed before the call as a real model writes it (with
   * `delayMs` between pieces). Unset: each call comes whole.
   */
  inputChunkSize?: number;
  name?: string;
  /** The upload types it takes (ModelRequest.readUpload; it reads none of their bytes). Default: every type. */
  attachmentTypes?: readonly string[];
  /** Begin the first reply to a message with files by naming them ("I see 1 image: cat.png."). Default true. */
  acknowledgeUploads?: boolean;
}

/**
 * A deterministic model that plays a script: for tests, and for the offline demo when no API key is set.
 * Which response it plays is derived from the history alone (how many rounds of tool results follow the
 * last user turn), so it needs no state of its own and survives a server restart mid-turn.
 */
export function scriptedModel(script: Script, options: ScriptedModelOptions = {}): Model {
  const chunkSize = Math.max(1, options.chunkSize ?? 12);
  const delayMs = options.delayMs ?? 0;
  return {
    name: options.name ?? 'scripted',
    attachmentTypes: options.attachmentTypes ?? ['*/*'],
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const { text, action, step, userTurnId } = positionInRun(request.turns);
      const runInput = { text, ...(action ? { action } : {}), turns: request.turns, system: request.system, context: request.context };
      const run = typeof script === 'function' ? script(runInput) : script;
      const response = run[step] ?? [];
      let calls = 0;
      const acknowledged = step === 0 && options.acknowledgeUploads !== false ? describeUploads(lastUserUploads(request.turns)) : '';
      if (acknowledged) yield { type: 'text_delta', text: `${acknowledged}\n\n` };
      for (const [index, part] of response.entries()) {
        if (request.signal.aborted) return;
        if ('delayMs' in part) {
          await sleep(part.delayMs, request.signal);
        } else if ('error' in part) {
          throw new ModelError(part.error, { code: 'scripted_error' });
        } else if ('text' in part) {
          for (const chunk of chunks(part.text, chunkSize)) {
            if (request.signal.aborted) return;
            yield { type: 'text_delta', text: chunk };
            if (delayMs) await sleep(delayMs, request.signal);
          }
        } else if ('thinking' in part) {
          for (const chunk of chunks(part.thinking, chunkSize)) {
            if (request.signal.aborted) return;
            yield { type: 'thinking_delta', text: chunk };
            if (delayMs) await sleep(delayMs, request.signal);
          }
          yield { type: 'thinking_end', signature: `scripted-signature-${step}-${index}` };
        } else {
          calls++;
          const id = part.id ?? callId(userTurnId, step, index);
          const input = part.input ?? {};
          if (options.inputChunkSize) {
            for (const chunk of chunks(JSON.stringify(input), Math.max(1, options.inputChunkSize))) {
              if (request.signal.aborted) return;
              yield { type: 'tool_input_delta', id, name: part.tool, delta: chunk };
              if (delayMs) await sleep(delayMs, request.signal);
            }
          }
          yield { type: 'tool_call', id, name: part.tool, input };
        }
      }
      yield { type: 'stop', reason: calls > 0 ? 'tool_use' : 'end_turn', usage: { inputTokens: 0, outputTokens: 0 } };
    },
  };
}

/** The last user message's text (or act) and id, and how many rounds of tool results have followed it. */
function positionInRun(turns: readonly Turn[]): { text: string; action?: A2uiAction; step: number; userTurnId: string | undefined } {
  let step = 0;
  let previous: Turn['type'] | undefined;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.type === 'user') return { text: turn.text, ...(turn.action ? { action: turn.action } : {}), step, userTurnId: turn.id };
    // A tool's progress line and the surfaces it drew sit among the results of its round (ctx.status, ctx.ui).
    if (turn.type === 'status' || turn.type === 'ui') continue;
    if (turn.type === 'tool_result' && previous !== 'tool_result') step++;
    previous = turn.type;
  }
  return { text: '', step, userTurnId: undefined };
}

/**
 * A call's id, made from the user turn it answers: unique in the session (a client pairs results with calls by id,
 * and step and index alone repeat every message), yet the same for the same history. Providers accept only
 * `[A-Za-z0-9_-]` in ids, and an imported history may carry any turn id.
 */
function callId(userTurnId: string | undefined, step: number, index: number): string {
  const turn = userTurnId ? `${userTurnId.replace(/[^A-Za-z0-9_-]/g, '_')}_` : '';
  return `call_${turn}s${step}_${index}`;
}

function* chunks(text: string, size: number): Iterable<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
