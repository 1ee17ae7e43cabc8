import type {
  AnswerInputRequest,
  CommandsResponse,
  Context,
  InputRequest,
  ResumeRequest,
  SendMessageRequest,
  SessionResponse,
  ToolViewResponse,
  ToolsResponse,
  UndoResponse,
} from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';

/** Which protocol a server speaks: the element's own (`agent-chat`, the default) or an AG-UI agent's. */
export type TransportName = 'agent-chat' | 'ag-ui';

/**
 * What a conversation asks of the server it talks to, whichever protocol that server speaks: the element's own
 * (AgentClient) or an AG-UI agent's (transport/ag-ui/). Each method is one request; what a protocol lacks (an AG-UI
 * agent's stored history, undo, commands) is answered by its transport as the element's server would answer it.
 */
export interface AgentTransport {
  /** Where the server is, e.g. `/api/agent` or an absolute URL. */
  readonly endpoint: string;
  /** The protocol it speaks there. */
  readonly transport: TransportName;
  /** POST a message; resolves once the server has accepted it and started streaming. */
  sendMessage(sessionId: string, body: SendMessageRequest, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>>;
  /** POST answers to the calls a run stopped for; the same turn continues as a new stream. */
  resume(sessionId: string, body: ResumeRequest, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>>;
  /** Pick a run up again: its events after `after`, then the live ones. Undefined when there is nothing to follow. */
  follow(sessionId: string, after: number, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage> | undefined>;
  /** Like `follow`, but with no run in flight it waits for the session's next run. */
  waitForRun(sessionId: string, after: number, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage> | undefined>;
  /**
   * Answer what a running call asked the user (an input request's card); resolves with the request as answered. A
   * transport that answers its own way has it: AG-UI's resumes the run that waits, whose stream then goes on. Without
   * it, the element's own route (POST /sessions/:id/input-requests/:requestId), sent from the cards' chunk.
   */
  answerInput?(sessionId: string, request: InputRequest, answer: AnswerInputRequest): Promise<InputRequest>;
  /** Ask the server to stop the session's run; its stream then ends as cancelled. */
  cancel(sessionId: string): Promise<void>;
  undo(sessionId: string): Promise<UndoResponse>;
  /** The stored conversation; one the server does not know comes back empty. */
  getSession(sessionId: string, signal?: AbortSignal): Promise<SessionResponse>;
  /** Clear the conversation; one never stored is already clear. */
  deleteSession(sessionId: string): Promise<void>;
  tools(signal?: AbortSignal): Promise<ToolsResponse>;
  /** The slash commands usable now in this session, for the page's context. */
  commands(sessionId: string, context: Context | undefined): Promise<CommandsResponse>;
  /**
   * Any other route of the server (the thread view's, the message actions', uploads), with the host's headers and
   * credentials; a failure is an AgentHttpError.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Where one call's MCP Apps view comes from and where its requests go, whichever protocol the server speaks: its
 * document (with the sandbox page to draw it in), and its `tools/call` and `resources/read` to its own MCP server.
 * The element's server answers through its view routes (features/mcp-apps/view-requests.ts), an AG-UI agent through
 * runs of its own (ag-ui/view-requests.ts); either refuses what the view may not do.
 */
export interface ViewRequests {
  view(signal: AbortSignal): Promise<ToolViewResponse>;
  callTool(name: string, args: Record<string, unknown> | undefined, signal: AbortSignal): Promise<unknown>;
  readResource(uri: string, signal: AbortSignal): Promise<unknown>;
}

/** How a turn's message goes to the server: POST /messages by default; an edit or a regenerated reply sends it otherwise. */
export type SendMessage = AgentTransport['sendMessage'];
