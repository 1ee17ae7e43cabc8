// The client command the official MCP conformance suite (@modelcontextprotocol/conformance, client mode) runs:
// `client.ts <server-url>`, with the scenario's name in MCP_CONFORMANCE_SCENARIO (and its credentials, for some
// auth scenarios, in MCP_CONFORMANCE_CONTEXT). It is what a host would write, through the public entry points only:
// `mcpTools` connects and lists, then every tool the scenario's server lists is called by the real agent loop
// (createAgentChat with a scripted model, over HTTP), and a form the server asks for is answered as a user would.
// It exits 0 when the calls went through; the suite judges the rest from what its server saw.
import { createAgentChat, scriptedModel } from '@agent-chat/server';
import { mcpTools, type McpToolsOptions } from '@agent-chat/server/mcp';
import { agentClient, serveApp, type AgentClient, type ReceivedEvent } from '@agent-chat/server/testing';
import { authFor, type ScenarioAuth } from './client-auth.js';

/** The arguments a scenario's tool needs; any other tool is called with `{}`. */
const TOOL_INPUT: Record<string, Record<string, unknown>> = { add_numbers: { a: 5, b: 3 } };

async function main(): Promise<void> {
  const serverUrl = process.argv[2];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (!serverUrl) throw new Error('usage: client.ts <server-url> (MCP_CONFORMANCE_SCENARIO names the scenario)');
  const signIn = authFor(scenario, serverUrl);
  const options: McpToolsOptions = {
    url: serverUrl,
    clientName: 'agent-chat-conformance',
    // The suite's tools say nothing of being safe; approving each call is the host's business, not MCP's.
    needsConfirmation: false,
    ...(signIn.authProvider ? { authProvider: signIn.authProvider } : {}),
  };
  const mcp = await again(signIn, () => mcpTools(options));
  const app = await serveApp(createAgentChat({ model: callsTheNamedTool, tools: mcp.tools }));
  try {
    const client = agentClient(app.url);
    for (const name of mcp.listed.keys()) await again(signIn, () => callThroughTheLoop(client, name));
  } finally {
    await app.close();
    await mcp.close();
  }
}

/**
 * Once more after the person signed in: the first connection (or a call that needed more scope) sent them to the
 * authorization server, and a host tries again once they are back. At most twice, so a server that keeps asking
 * does not loop.
 */
async function again<T>(signIn: ScenarioAuth, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 2 || !(await signIn.finishSignIn())) throw error;
    }
  }
}

/** The model calls the tool the user's message names, with the message's input, then says it is done. */
const callsTheNamedTool = scriptedModel(({ text }) => {
  const { tool, input } = JSON.parse(text) as { tool: string; input: unknown };
  return [[{ tool, input }], [{ text: 'Done.' }]];
});

async function callThroughTheLoop(client: AgentClient, tool: string): Promise<void> {
  const sessionId = `call-${tool}`;
  const answers: Array<Promise<void>> = [];
  const onEvent = (event: ReceivedEvent) => {
    // Kept, and awaited after the run: a failed answer is the client's failure, not an unhandled rejection.
    if (event.data.type !== 'input_request') return;
    const answered = answer(client, sessionId, event.data as unknown as AskedInput);
    answered.catch(() => {});
    answers.push(answered);
  };
  const events = await client.run(sessionId, { text: JSON.stringify({ tool, input: TOOL_INPUT[tool] ?? {} }) }, onEvent);
  await Promise.all(answers);
  const result = events.find((event) => event.data.type === 'tool_result')?.data as { isError?: boolean; output?: unknown } | undefined;
  if (!result) throw new Error(`the agent's call of ${tool} has no result: ${JSON.stringify(events.map((e) => e.data))}`);
  if (result.isError) throw new Error(`the agent's call of ${tool} failed: ${JSON.stringify(result.output)}`);
  console.log(`${tool}: ${JSON.stringify(result.output)}`);
}

interface AskedInput {
  requestId: string;
  kind: 'form' | 'url' | 'sampling';
}

/**
 * A form is accepted with nothing filled in: the user submits it as it came, and the fields they left are the
 * schema's defaults (SEP-1034) for the client to apply. Anything else is declined.
 */
async function answer(client: AgentClient, sessionId: string, asked: AskedInput): Promise<void> {
  const body = asked.kind === 'form' ? { action: 'accept', content: {} } : { action: 'decline' };
  const response = await client.request(`/sessions/${sessionId}/input-requests/${asked.requestId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`answering input request ${asked.requestId}: ${response.status} ${await response.text()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    if (error instanceof Error && error.cause) console.error('cause:', error.cause);
    process.exit(1);
  },
);
