// An AG-UI agent that is not ours, drawing A2UI the middleware's way (issue 37.3, the element's half): a scripted
// agent on @ag-ui/client (an AbstractAgent) that calls `render_a2ui` with a surface's components and data, behind the
// official @ag-ui/a2ui-middleware, which turns the call's streamed arguments into `a2ui-surface` activities and an
// act in forwardedProps into a `log_a2ui_event` call and result. Served as SSE with @ag-ui/encoder, every event
// checked against AG-UI's schemas.
import { AbstractAgent } from '@ag-ui/client';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { agentRunResponse } from './agent-run-response.js';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Observable } from 'rxjs';
import { A2UI_MIDDLEWARE_ARGS, A2UI_MIDDLEWARE_PATH, A2UI_SAY } from './ag-ui-a2ui-texts.js';

/** Draws the trip surface when asked; after an act (the middleware's log_a2ui_event result last) says what it read. */
class DrawingAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent);
      const { threadId, runId } = input;
      const last = input.messages.at(-1);
      emit({ type: EventType.RUN_STARTED, threadId, runId });
      if (last?.role === 'user' && last.content === A2UI_SAY.draw) {
        const toolCallId = `render-${runId}`;
        emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: 'render_a2ui' });
        // The arguments in pieces, as a model streams them: the middleware draws once the components are whole.
        for (const piece of JSON.stringify(A2UI_MIDDLEWARE_ARGS).match(/.{1,40}/gs) ?? []) emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: piece });
        emit({ type: EventType.TOOL_CALL_END, toolCallId });
      } else {
        const messageId = `say-${runId}`;
        const said = last?.role === 'tool' ? String(last.content) : 'Ask me to draw.';
        emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: said });
        emit({ type: EventType.TEXT_MESSAGE_END, messageId });
      }
      emit({ type: EventType.RUN_FINISHED, threadId, runId });
      subscriber.complete();
    });
  }
}

export function mountAgUiA2uiAgent(app: Hono): void {
  app.use(A2UI_MIDDLEWARE_PATH, cors());
  app.post(A2UI_MIDDLEWARE_PATH, async (c) => {
    const parsed = RunAgentInputSchema.safeParse(await c.req.json());
    if (!parsed.success) return c.json({ error: { message: parsed.error.message, code: 'invalid_input' } }, 422);
    return stream(parsed.data as RunAgentInput, c.req.raw.signal);
  });
}

/** One run of the agent, with the middleware, as an SSE response (AG-UI's own encoder). */
function stream(input: RunAgentInput, signal: AbortSignal): Response {
  const agent = new DrawingAgent({ threadId: input.threadId, initialMessages: input.messages, initialState: input.state ?? {} });
  agent.use(new A2UIMiddleware());
  return agentRunResponse(agent, input, signal);
}
