import type { CommandDescriptor, Context } from '@agent-chat/protocol';

export interface CommandContext {
  sessionId: string;
  context: Context | undefined;
  /** The words after the command's name, split on spaces: `/stage 3` → ['3']. */
  args: string[];
  /** Everything after the command's name, as typed. */
  rest: string;
}

/** What a command answers: a line of text for the chat, and optionally the host state it changed. */
export type CommandReply = string | { text: string; state?: unknown };

/**
 * Whether a command can be used now, decided from the page context, as a tool's `available` is (seed 000's
 * stage-scoped commands). The composer lists only these; another one typed is answered as not available.
 */
export type CommandAvailability = (ctx: { sessionId: string; context: Context | undefined }) => boolean;

export interface Command {
  name: string;
  description: string;
  args?: CommandDescriptor['args'];
  /** Default: always available. */
  available?: CommandAvailability;
  run(ctx: CommandContext): CommandReply | Promise<CommandReply>;
}

const COMMAND_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** A slash command that runs on the server without the model (seed 000's `/next`, `/stage 3`). */
export function defineCommand(command: Command): Command {
  if (!COMMAND_NAME.test(command.name)) {
    throw new TypeError(`defineCommand: name "${command.name}" must match ${COMMAND_NAME} (typed after "/")`);
  }
  if (command.available !== undefined && typeof command.available !== 'function') {
    throw new TypeError(`defineCommand(${command.name}): available must be a function of { sessionId, context }`);
  }
  return command;
}

export function describeCommand(command: Command): CommandDescriptor {
  return { name: command.name, description: command.description, args: command.args ?? [] };
}
