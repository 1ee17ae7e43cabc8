import type { Turn } from '@agent-chat/protocol';
import type { z } from 'zod';
import type { Model } from '../model/model.js';
import { checkNameAndDescription, DEFAULT_TOOL_TIMEOUT_MS, type SubagentSpec, type Tool, type ToolLabel } from './define-tool.js';
import { createToolRegistry } from './tool-registry.js';
import type { ToolSource } from './tool-source.js';

export interface SubagentDefinition<S extends z.ZodType = z.ZodType> {
  /** The tool's name, as the calling agent sees it. */
  name: string;
  /** For the calling agent: what this sub-agent does and when to start one. */
  description: string;
  /** The call's input, as a zod object: what the calling agent hands the sub-agent. */
  input: S;
  /** The sub-agent's first user message, from the call's input. */
  prompt: (input: z.infer<S>) => string;
  /** The sub-agent's system prompt: a text, or a function of the call's input. */
  system: string | ((input: z.infer<S>) => string);
  /** The sub-agent's model. Default: the calling agent's. */
  model?: Model;
  /**
   * The sub-agent's own tools (sub-agents among them: they nest; an MCP server's `mcpTools(...)`, followed as it
   * changes, as the agent's). Default: none.
   */
  tools?: readonly (Tool | ToolSource)[];
  /** Model calls before the sub-agent is stopped with what it has. Default 10. */
  maxSteps?: number;
  /** The human label of a call, as for any tool. */
  label?: ToolLabel<z.infer<S>>;
  /**
   * The call's result, from what the sub-agent said last and its whole conversation. Default: what it said last.
   * What it returns goes to the calling agent as a tool's result does.
   */
  result?: (final: string, turns: readonly Turn[]) => unknown;
}


/**
 * A tool that runs an agent of its own: when the agent calls it, a nested agent loop runs with its own model, tools
 * and step cap, on the prompt made from the call's input; what it says last is the call's result. Its events are
 * streamed with the call's id as `parentCallId`, and its turns kept with the session apart from the caller's.
 * Several calls in one step run at once (`createAgentChat({ subagentConcurrency })`, default 4).
 */
export function defineSubagent<S extends z.ZodType>(definition: SubagentDefinition<S>): Tool<S> {
  checkNameAndDescription('defineSubagent', definition);
  const maxSteps = definition.maxSteps ?? 10;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new TypeError(`defineSubagent(${definition.name}): maxSteps must be a whole number ≥ 1`);
  if (typeof definition.prompt !== 'function') throw new TypeError(`defineSubagent(${definition.name}): prompt(input) is required; it is the sub-agent's first message`);
  const { system } = definition;
  if (typeof system !== 'function' && !system?.trim()) throw new TypeError(`defineSubagent(${definition.name}): a system prompt is required`);
  const subagent: SubagentSpec = {
    prompt: definition.prompt as (input: unknown) => string,
    system: typeof system === 'function' ? (system as (input: unknown) => string) : () => system,
    model: definition.model,
    // Checked now (names, schemas), so a mistake fails at start-up, as defineTool's do.
    tools: createToolRegistry(definition.tools ?? []),
    maxSteps,
    result: definition.result,
  };
  const tool: Tool<S> = {
    name: definition.name,
    description: definition.description,
    input: definition.input,
    kind: 'read',
    // Unused: a sub-agent ends by its step cap (and each model call by the idle timeout), not a tool's clock.
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    subagent,
    ...(definition.label !== undefined ? { label: definition.label } : {}),
  };
  return tool;
}
