import { defineTool, DEFAULT_TOOL_TIMEOUT_MS, type Tool } from '../tools/define-tool.js';
import type { McpConnection } from './connection.js';
import { jsonSchemaInput } from './json-schema-input.js';
import type { McpToolInfo, McpToolsOptions, PerTool } from './options.js';
import { toolResultOutput, toolResultText } from './tool-result.js';
import type { ToolView } from '../tools/tool-view.js';
import { isToolContent, toolContent, type ToolContent } from '../tools/tool-content.js';
import { ViewToolError, viewResultOf } from '../tools/view-result.js';
import type { ViewResult } from '@agent-chat/protocol';

export interface McpToolBinding {
  connection: McpConnection;
  options: McpToolsOptions;
  /** Whether the server still lists this tool (its list can change while the agent runs). */
  listed(mcpName: string): boolean;
  /** The tool's view, when its server declares one (MCP Apps). */
  view?(info: McpToolInfo): ToolView | undefined;
}

/** An MCP server's tool as one of the agent's tools: its calls go to the server, its result comes back as text and images. */
export function toAgentTool(info: McpToolInfo, binding: McpToolBinding): Tool {
  const { connection, options } = binding;
  const kind = decide(options.kind, info) ?? (info.annotations?.readOnlyHint === true ? 'read' : 'write');
  // The spec's defaults: a tool that is not read-only may be destructive unless it says it is not.
  const destructive = kind === 'write' && info.annotations?.destructiveHint !== false;
  const needsConfirmation = needsConfirmationOf(info, options);
  const view = binding.view?.(info);
  const title = info.title ?? info.annotations?.title;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const schema = { ...info.inputSchema, type: 'object' } as Record<string, unknown>;
  return defineTool({
    name: agentToolName(options.prefix ?? '', info.name),
    description: info.description?.trim() || title || `The ${info.name} tool of an MCP server.`,
    input: jsonSchemaInput(schema),
    inputJsonSchema: schema,
    kind,
    // A label is a template over the input ("{slot}"); a title is plain words, so it is kept as it is.
    ...(title ? { label: title.includes('{') ? () => title : title } : {}),
    needsConfirmation,
    ...(destructive && needsConfirmation ? { confirmButton: { tone: 'danger' as const } } : {}),
    available: () => binding.listed(info.name),
    timeoutMs,
    ...(view ? { view } : {}),
    async execute(input, ctx) {
      const result = await connection.callTool(info.name, input, {
        // A little past the loop's own timeout, so the loop's message is the one the agent reads.
        timeoutMs: timeoutMs + 1_000,
        // Its result is checked against its outputSchema: a missing or mismatching structuredContent is an error result.
        tool: info,
        // Who is calling: the server's elicitation and sampling requests during the call are asked of them.
        caller: ctx,
        // A tool the server runs as a task: its status messages are the call's status lines.
        onTaskStatus: (text) => ctx.status(text),
        onProgress: (progress) => {
          const text = progress.message ?? (progress.total ? `${progress.progress} of ${progress.total}` : undefined);
          if (text) ctx.status(text);
        },
      });
      // The loop makes a thrown error an error result; the server's own words are what the agent should read.
      const failed = result.isError ? toolResultText(result) || 'the MCP server reported an error without saying what' : undefined;
      if (!view) {
        if (failed !== undefined) throw new Error(failed);
        return toolResultOutput(result);
      }
      // A view reads the result whole (structuredContent, _meta), not the model's words for it: it goes along.
      const viewResult = viewResultOf(result);
      if (failed !== undefined) throw new ViewToolError(failed, viewResult);
      return withViewResult(toolResultOutput(result), viewResult);
    },
  });
}

/** The model's output as parts carrying the view's result (a text output is one text part; the loop makes it text again). */
function withViewResult(output: string | ToolContent, viewResult: ViewResult): ToolContent {
  if (!isToolContent(output)) return toolContent([{ type: 'text', text: output }], { viewResult });
  return toolContent(output.content, { ...(output.display ? { display: output.display } : {}), viewResult });
}

/** Whether a call of the tool waits for the user's approval: the host's setting, else the annotations as the spec reads them. */
export function needsConfirmationOf(info: McpToolInfo, options: Pick<McpToolsOptions, 'kind' | 'needsConfirmation'>): boolean {
  const kind = decide(options.kind, info) ?? (info.annotations?.readOnlyHint === true ? 'read' : 'write');
  const destructive = kind === 'write' && info.annotations?.destructiveHint !== false;
  return decide(options.needsConfirmation, info) ?? destructive;
}

function decide<T>(setting: PerTool<T> | undefined, info: McpToolInfo): T | undefined {
  return typeof setting === 'function' ? (setting as (tool: McpToolInfo) => T | undefined)(info) : setting;
}

/**
 * Two MCP tools whose agent names come out the same (`files.read` and `files_read`, or two long names alike in their
 * first 64 characters), as a sentence naming both; undefined when every name is its own.
 */
export function nameClash(prefix: string, mcpNames: readonly string[]): string | undefined {
  const seen = new Map<string, string>();
  for (const name of mcpNames) {
    const agentName = agentToolName(prefix, name);
    const other = seen.get(agentName);
    if (other !== undefined) {
      return `the MCP tools "${other}" and "${name}" would both be the agent's tool "${agentName}": leave one out with \`allow\``;
    }
    seen.set(agentName, name);
  }
  return undefined;
}

/** The providers accept `[a-zA-Z0-9_-]{1,64}`; MCP names may also hold dots and slashes. */
export function agentToolName(prefix: string, mcpName: string): string {
  return `${prefix}${mcpName}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}
