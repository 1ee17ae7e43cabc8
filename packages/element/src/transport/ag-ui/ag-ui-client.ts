import type { Context as AgUiContext, ResumeEntry } from '@ag-ui/core';
import type {
  AnswerInputRequest,
  CommandsResponse,
  Confirmation,
  InputRequest,
  PendingCall,
  ResumeRequest,
  SendMessageRequest,
  SessionResponse,
  StreamEvent,
  ToolsResponse,
  UndoResponse,
} from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';
import { AgentClient } from '../agent-client.js';
import { AgentHttpError } from '../http-error.js';
import { readSseStream } from '../sse-stream.js';
import { snapshotTurns } from '../../core/ag-ui/snapshot-turns.js';
import { agUiId, newThread, threadOf, type AgUiThread } from '../../core/ag-ui/thread.js';
import { AgUiTranslator, doneEvent, turnIds } from '../../core/ag-ui/translate.js';
import { addMessage, message, runInput, toAgUiContext, unanswered } from './run-input.js';
import { asRouteError, WaitingRun, WaitingRuns, type PostedRun } from './waiting-run.js';

/**
 * The run of each thread whose calls wait for the user's answers to input requests, its stream held open (see
 * answerInput): by thread, as the thread is the page's, since every `client()` of an element is a client of its own.
 */
const waitingRuns = new WaitingRuns<AgUiThread>();

/**
 * `<agent-chat transport="ag-ui">`'s client: the same methods as AgentClient, over an AG-UI agent's one endpoint
 * (POST a RunAgentInput, AG-UI events back over SSE). Each run's events come out translated into the element's own
 * protocol (translate.ts), so the conversation's code follows them as it follows the element's server. What an
 * AG-UI agent does not have (a stored history, undo, slash commands, a cancel route) is answered here: the history
 * is the page's thread (what the agent's last MESSAGES_SNAPSHOT said, sub-agents' branches included; a thread starts
 * empty on each page load), nothing to undo, no commands, and Stop closes the connection.
 */
export class AgUiClient extends AgentClient {
  override readonly transport = 'ag-ui';
  /** The thread the element shows (the one of the session it last sent to or loaded). */
  #thread: AgUiThread = newThread();
  /** The run in flight: Stop aborts it. */
  #current: AbortController | undefined;
  /** The run Stop aborted, so its stream ends as cancelled rather than as a failure. */
  #cancelled: AbortController | undefined;
  /** The last message's request was refused or unreachable: the thread does not hold that message. */
  #unsent = false;

  override async sendMessage(sessionId: string, body: SendMessageRequest, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>> {
    const thread = this.#of(sessionId);
    // Changed below for the request, and put back if it is refused or unreachable: the cards stay on screen, so
    // their interrupts and client calls must stay open (as resume does).
    const saved = { messages: [...thread.messages], interrupts: thread.interrupts, answers: thread.answers, clientCalls: thread.clientCalls };
    const before: StreamEvent[] = [];
    // A new message instead of an answer: what was waiting is dropped (AG-UI's rule 4 wants each open interrupt
    // addressed in the same input: an answer already given goes as it is, the others cancelled), and its card says
    // it was not answered, as the element's server does.
    const resume: ResumeEntry[] = [];
    // The calls settled as not answered: a result the agent still sends for one keeps saying so.
    const skipped = new Map<string, Confirmation>();
    for (const { interrupt, call } of thread.interrupts.values()) {
      resume.push(thread.answers.get(interrupt.id) ?? { interruptId: interrupt.id, status: 'cancelled' });
      if (!thread.answers.has(interrupt.id)) {
        before.push(unanswered(call));
        skipped.set(call.toolCallId, { action: 'skip' });
      }
    }
    for (const call of thread.clientCalls) {
      thread.messages.push({ id: agUiId('tool'), role: 'tool', toolCallId: call.toolCallId, content: 'Not run: the user sent a new message instead.' });
      before.push(unanswered(call));
    }
    thread.interrupts = new Map();
    thread.answers = new Map();
    thread.clientCalls = [];
    const lastUser = thread.messages.findLastIndex((candidate) => candidate.role === 'user');
    // A retry of a message whose request never got through, or of an act (no message of the thread), goes as new.
    if (body.retryOf && !body.action && !this.#unsent && lastUser >= 0) {
      // Retry after a failure: the same message runs again, without what the failed run added after it.
      thread.messages.splice(lastUser + 1);
    } else {
      addMessage(thread, body);
    }
    try {
      const stream = await this.#run(sessionId, toAgUiContext(body.context, body.references), resume, before, skipped, signal);
      this.#unsent = false;
      return stream;
    } catch (error) {
      Object.assign(thread, saved);
      this.#unsent = true;
      throw error;
    }
  }

  override async resume(sessionId: string, body: ResumeRequest, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>> {
    const thread = this.#of(sessionId);
    const decided = new Map<string, Confirmation>();
    const before: StreamEvent[] = [];
    for (const decision of body.decisions ?? []) {
      const interrupt = thread.interrupts.get(decision.toolCallId)?.interrupt;
      if (!interrupt) continue;
      const approved = decision.action !== 'deny';
      const edited = decision.action === 'edit';
      const reason = decision.reason ? { reason: decision.reason } : {};
      // The answer's shape is the one the interrupt's responseSchema asks for: a bare confirmation's is a boolean
      // (AG-UI's reason taxonomy), a tool approval's `{ approved, editedArgs? }` (AG-UI's recommended schema), and
      // one whose schema asks for an `action` (an agent-chat server's) gets the element's own decision.
      const asks = (interrupt.responseSchema?.['properties'] ?? {}) as Record<string, unknown>;
      const payload =
        'action' in asks
          ? { action: decision.action, ...(edited ? { input: decision.input } : {}), ...reason }
          : interrupt.reason === 'confirmation' && !interrupt.responseSchema
            ? approved
            : { approved, ...(edited ? { editedArgs: decision.input } : {}), ...reason };
      const { call } = thread.interrupts.get(decision.toolCallId)!;
      // A client tool refused before it ran: nothing to answer with but that it will not run.
      const entry: ResumeEntry = call.reason === 'client' && !approved ? { interruptId: interrupt.id, status: 'cancelled' } : { interruptId: interrupt.id, status: 'resolved', payload };
      thread.answers.set(interrupt.id, entry);
      decided.set(decision.toolCallId, { action: decision.action, ...(decision.action === 'edit' ? { input: decision.input } : {}) });
      // A refusal may get no TOOL_CALL_RESULT from the agent: its card is settled now (a result the agent does
      // send replaces this one).
      if (!approved) {
        before.push({
          type: 'tool_result',
          turnId: turnIds.result(decision.toolCallId),
          toolCallId: decision.toolCallId,
          name: call.name,
          output: decision.reason ?? 'Denied',
          isError: false,
          confirmation: { action: 'deny' },
          ...(call.parentCallId ? { parentCallId: call.parentCallId } : {}),
        });
      }
    }
    for (const result of body.results ?? []) {
      const interrupt = thread.interrupts.get(result.toolCallId)?.interrupt;
      if (interrupt) {
        // A client tool asked for as an interrupt: its result is the answer.
        const payload = { output: result.output, ...(result.isError ? { isError: true } : {}), ...('input' in result ? { input: result.input } : {}) };
        thread.answers.set(interrupt.id, { interruptId: interrupt.id, status: 'resolved', payload });
        continue;
      }
      const call = thread.clientCalls.find((candidate) => candidate.toolCallId === result.toolCallId);
      if (!call) continue;
      const content = typeof result.output === 'string' ? result.output : JSON.stringify(result.output ?? null);
      thread.messages.push({ id: agUiId('tool'), role: 'tool', toolCallId: call.toolCallId, content, ...(result.isError ? { error: content } : {}) });
      thread.clientCalls = thread.clientCalls.filter((candidate) => candidate !== call);
      // The agent does not stream back a result it was given: the page's own result is shown as it sends it.
      before.push({
        type: 'tool_result',
        turnId: turnIds.result(call.toolCallId),
        toolCallId: call.toolCallId,
        name: call.name,
        output: result.output,
        isError: Boolean(result.isError),
        ...(call.parentCallId ? { parentCallId: call.parentCallId } : {}),
      });
    }
    const calls = this.#pending();
    if (calls.length > 0) {
      // Not everything is answered yet and AG-UI takes the answers only all at once: the other cards stay, and the
      // run goes on when the last is answered.
      return (async function* () {
        yield message({ type: 'run_started', runId: agUiId('held'), sessionId, resumed: true });
        for (const event of before) yield message(event);
        yield message({ type: 'awaiting_input', calls });
        yield message(doneEvent('awaiting_input'));
      })();
    }
    const { interrupts, answers } = thread;
    thread.interrupts = new Map();
    thread.answers = new Map();
    try {
      return await this.#run(sessionId, toAgUiContext(body.context, undefined), [...answers.values()], before, decided, signal);
    } catch (error) {
      // Refused (the card shows why) or unreachable: the interrupts are still open, and the calls answered now are
      // to be answered again (the other cards' answers stand).
      thread.interrupts = interrupts;
      thread.answers = answers;
      for (const { toolCallId } of [...(body.decisions ?? []), ...(body.results ?? [])]) {
        const interrupt = interrupts.get(toolCallId)?.interrupt;
        if (interrupt) answers.delete(interrupt.id);
      }
      throw error;
    }
  }

  /**
   * An input request's answer: a resume run answering its interrupt (with its own content, not the form's values
   * alone, so a decline is one too), which the waiting run's stream follows on. A refused value is the agent's 400,
   * its field named as the element's route names it; the run goes on waiting. Each answer goes at once: the agent
   * (an agent-chat server) ends the run again at once for the requests still open.
   */
  async answerInput(sessionId: string, request: InputRequest, answer: AnswerInputRequest): Promise<InputRequest> {
    const thread = this.#of(sessionId);
    const open = () => !thread.inputRequests.get(request.requestId)?.answer;
    // Answered before the run that asked has ended at its interrupt: the answer goes once it has.
    const waiting = open() ? (waitingRuns.take(thread) ?? ((await waitingRuns.next(thread)) && open() ? waitingRuns.take(thread) : undefined)) : undefined;
    if (!waiting) throw new AgentHttpError(409, 'This request is no longer waiting for an answer', 'conflict');
    let run: PostedRun;
    try {
      run = await this.#post(sessionId, [], [{ interruptId: request.requestId, status: 'resolved', payload: answer }], waiting.signal);
    } catch (error) {
      waitingRuns.putBack(thread, waiting);
      throw asRouteError(error);
    }
    const answered: InputRequest = { ...request, answer: { ...answer, by: 'user' } };
    thread.inputRequests.set(request.requestId, answered);
    waiting.hand(run);
    return answered;
  }

  /** An AG-UI agent has no stream to pick up again: a dropped run ends where it broke (see #events). */
  override async follow(): Promise<undefined> {
    return undefined;
  }

  /** Nor a way to hear of a run another page started: the wait lasts until it is given up. */
  override waitForRun(_sessionId: string, _after: number, signal: AbortSignal): Promise<undefined> {
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
  }

  /** Stop: AG-UI has no cancel request, so the connection is closed, and the run's stream ends as cancelled. */
  override async cancel(): Promise<void> {
    this.#cancelled = this.#current;
    this.#current?.abort();
  }

  override async undo(): Promise<UndoResponse> {
    throw new AgentHttpError(404, 'An AG-UI agent has no undo', 'not_supported');
  }

  /**
   * Nothing stored to fetch: the page's thread, as the agent's last MESSAGES_SNAPSHOT left it (its sub-agents' turns
   * apart, as a stored session has them), and what is waiting for an answer.
   */
  override async getSession(sessionId: string): Promise<SessionResponse> {
    const thread = this.#of(sessionId);
    const { turns, subagentTurns } = snapshotTurns(thread);
    // The requests answered: one still open waits on a stream this load does not follow.
    const inputRequests = [...thread.inputRequests.values()].filter((request) => request.answer);
    return {
      sessionId,
      turns,
      ...(subagentTurns.length > 0 ? { subagentTurns } : {}),
      ...(inputRequests.length > 0 ? { inputRequests } : {}),
      pending: this.#pending(),
      undoable: false,
      running: false,
      lastEventId: 0,
    };
  }

  /** Clear: the thread starts over here (the agent keeps nothing the element could delete). */
  override async deleteSession(sessionId: string): Promise<void> {
    this.#thread = threadOf(this.endpoint, sessionId, true);
  }

  /** The agent's tools are its own: the element learns of them as it calls them. */
  override async tools(): Promise<ToolsResponse> {
    return { tools: [], commands: [] };
  }

  override async commands(): Promise<CommandsResponse> {
    return { commands: [] };
  }

  /** The thread of `sessionId` (the thread id AG-UI is sent), which the element shows from now on. */
  #of(sessionId: string): AgUiThread {
    return (this.#thread = threadOf(this.endpoint, sessionId));
  }

  /** The calls still waiting for an answer: interrupts not yet answered, then the page's client tools. */
  #pending(): PendingCall[] {
    const thread = this.#thread;
    const open = [...thread.interrupts.values()].filter(({ interrupt }) => !thread.answers.has(interrupt.id));
    return [...open.map(({ call }) => call), ...thread.clientCalls];
  }

  /** POST one RunAgentInput and follow its events; resolves when the agent has answered with an event stream. */
  async #run(
    threadId: string,
    context: AgUiContext[],
    resume: ResumeEntry[],
    before: StreamEvent[],
    decided: ReadonlyMap<string, Confirmation>,
    signal: AbortSignal,
  ): Promise<AsyncGenerator<EventSourceMessage>> {
    const run = await this.#post(threadId, context, resume, signal, (this.#current = new AbortController()));
    return this.#events(run, before, new AgUiTranslator(this.#thread, decided), signal);
  }

  /** POST one RunAgentInput; resolves when the agent has answered with an event stream. */
  async #post(threadId: string, context: AgUiContext[], resume: ResumeEntry[], signal: AbortSignal, own = new AbortController()): Promise<PostedRun> {
    const input = runInput(this.#thread, threadId, context, resume);
    const response = await this.request('', {
      method: 'POST',
      body: JSON.stringify(input),
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      signal: AbortSignal.any([signal, own.signal]),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream') || !response.body) {
      throw new AgentHttpError(response.status, `Expected an event stream from the AG-UI agent, got "${type || 'no content type'}"`);
    }
    return { input, body: response.body, own };
  }

  /**
   * The run's events in the element's protocol: run_started at once (so Stop can act before the agent's first
   * event), what the page settled itself, then the agent's events translated. It always ends with `done`: a stream
   * that breaks off ends the turn with an error (there is nothing to reconnect to), a stopped one as cancelled. A run
   * that ends at input requests alone is not over: the stream waits for the run that answers them (answerInput) and
   * goes on with its events, as the element's own server's stream goes on once a card is answered.
   */
  async *#events(first: PostedRun, before: StreamEvent[], translator: AgUiTranslator, signal: AbortSignal): AsyncGenerator<EventSourceMessage> {
    const { input } = first;
    const thread = this.#thread;
    waitingRuns.reading(thread);
    let run = first;
    yield message({ type: 'run_started', runId: input.runId, sessionId: input.threadId, resumed: Boolean(input.resume) });
    for (const event of before) yield message(event);
    try {
      for (;;) {
        for await (const sse of readSseStream(run.body)) {
          let event: unknown;
          try {
            event = JSON.parse(sse.data);
          } catch {
            throw new Error(`The AG-UI agent sent an unreadable event: ${sse.data.slice(0, 80)}`);
          }
          if (!event || typeof (event as { type?: unknown }).type !== 'string') continue;
          for (const out of translator.translate(event as { type: string })) yield message(out);
          // A run that asks is read to its end: closing it early is Stop to the agent (an agent-chat server's
          // run would be cancelled as its calls wait for the answers).
          if (translator.ended && !translator.asking) break;
        }
        if (!translator.ended) {
          const closed = 'The AG-UI agent ended its stream without finishing the run';
          translator.settleOpenCalls(closed);
          yield message({ type: 'error', message: closed, code: 'stream_closed' });
          yield message(doneEvent('error'));
          return;
        }
        if (!translator.asking) return;
        const waiting = new WaitingRun(run.own.signal, signal);
        waitingRuns.set(thread, waiting);
        const next = await waiting.next;
        waitingRuns.end(thread, waiting);
        if (!next) {
          // Stopped: the agent is told too. Left for another conversation: nothing follows this stream any more.
          if (this.#cancelled === run.own) yield* this.#stopWaiting(input.threadId, translator);
          return;
        }
        run = next;
        // Stop now closes the run that goes on.
        this.#current = run.own;
        translator = new AgUiTranslator(this.#thread);
      }
    } catch (error) {
      if (this.#cancelled === run.own) {
        translator.settleOpenCalls('Not run: stopped');
        yield message(doneEvent('cancelled'));
        return;
      }
      const text = error instanceof Error ? error.message : String(error);
      translator.settleOpenCalls(text);
      if (signal.aborted) throw error;
      yield message({ type: 'error', message: text, code: 'stream_failed' });
      yield message(doneEvent('error'));
    } finally {
      waitingRuns.over(thread);
      if (this.#current === run.own) this.#current = undefined;
    }
  }

  /**
   * Stop while calls wait for the user: their requests are answered `cancelled` and that run's request is closed at
   * once, which is how an AG-UI client stops a run (an agent-chat server stops ours); the cards say the run was stopped.
   */
  async *#stopWaiting(threadId: string, translator: AgUiTranslator): AsyncGenerator<EventSourceMessage> {
    const thread = this.#thread;
    const open = [...thread.inputRequests.values()].filter((request) => !request.answer);
    const closing = new AbortController();
    try {
      await this.#post(threadId, [], open.map((request) => ({ interruptId: request.requestId, status: 'cancelled' })), closing.signal, closing);
    } catch {
      // Refused or unreachable: the agent's run was over, or ends when its requests time out.
    } finally {
      closing.abort();
    }
    for (const request of open) {
      const answer = { action: 'cancel', by: 'stopped' } as const;
      thread.inputRequests.set(request.requestId, { ...request, answer });
      yield message({ type: 'input_answered', requestId: request.requestId, toolCallId: request.toolCallId, answer });
    }
    translator.settleOpenCalls('Not run: stopped');
    yield message(doneEvent('cancelled'));
  }
}
