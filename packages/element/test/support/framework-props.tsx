// Checked by the typecheck (tsc), never run: `transport` is one of <agent-chat>'s typed properties in TSX and Vue,
// the property names the two typings share (src/frameworks/properties.ts), like every declared property.
import type {} from '../../src/frameworks/react.js';
import type { AgentChatProperties } from '../../src/frameworks/properties.js';

export const agUi = <agent-chat endpoint="/agents/weather" transport="ag-ui" />;
// @ts-expect-error "grpc" is no transport
export const wrongTransport = <agent-chat endpoint="/api" transport="grpc" />;
export const vueProps: AgentChatProperties = { endpoint: '/api', transport: 'agent-chat' };
// @ts-expect-error "grpc" is no transport
export const wrongVueProps: AgentChatProperties = { transport: 'grpc' };
