// Test helpers shared by the packages' tests and the examples' (`@agent-chat/server/testing`).
export { agentClient, type AgentClient, type AgentClientOptions } from './agent-client.js';
export { readAgentEvents, type ReceivedEvent } from './read-agent-events.js';
export { readSse, iterateSse, type SseMessage } from './read-sse.js';
export { serveApp, type RunningServer } from './serve-app.js';
export { recordingModel, type RecordedCall } from './recording-model.js';
export {
  startFakeAnthropic,
  validateMessagesRequest,
  FAKE_ANTHROPIC_API_KEY,
  type FakeAnthropic,
  type FakeAnthropicOptions,
  type FakeContentBlock,
  type FakeErrorReply,
  type FakeMessageReply,
  type FakeReply,
  type FakeResponder,
  type RecordedRequest,
} from './fake-anthropic.js';
