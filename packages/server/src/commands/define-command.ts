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

export interface Command {
  name: string;
  description: string;
  args?: CommandDescriptor['args'];
  run(ctx: CommandContext): CommandReply | Promise<CommandReply>;
}

const COMMAND_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** A slash command that runs on the server without the model (seed 000's `/next`, `/stage 3`). */
export function defineCommand(command: Command): Command {
  if (!COMMAND_NAME.test(command.name)) {
    throw new TypeError(`defineCommand: name "${command.name}" must match ${COMMAND_NAME} (typed after "/")`);
  }
  return command;
}

/** The command a message invokes, if its text is `/name ...` and `name` is registered. */
export function matchCommand(commands: readonly Command[], text: string): { command: Command; rest: string } | undefined {
  const match = /^\/([a-z][a-z0-9_-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const command = commands.find((candidate) => candidate.name === match[1]);
  return command && { command, rest: (match[2] ?? '').trim() };
}

export function describeCommand(command: Command): CommandDescriptor {
  return { name: command.name, description: command.description, args: command.args ?? [] };
}
