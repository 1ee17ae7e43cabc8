import type { CommandDescriptor, Context } from '@agent-chat/protocol';
import { describeCommand, type Command } from './define-command.js';

/** What the host is given to word the answer to a slash that names no command available now. */
export interface UnknownCommand {
  /** The name typed after `/`. */
  name: string;
  /** A command of that name exists but its `available` says no for this context. */
  unavailable: boolean;
  /** The commands available now, as the composer lists them. */
  available: CommandDescriptor[];
  sessionId: string;
  context: Context | undefined;
}

/** What a message asks of the command set. */
export type CommandMatch =
  | { kind: 'run'; command: Command; rest: string }
  | { kind: 'unknown'; reply: string }
  | undefined;

/** `/name`, then nothing or a space: a path such as `/usr/bin` or a lone `/` is text for the model. */
const SLASH = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/;

/** The commands of this context; a broken availability rule hides its command rather than failing the request. */
export function availableCommands(commands: readonly Command[], sessionId: string, context: Context | undefined): Command[] {
  return commands.filter((command) => {
    try {
      return command.available ? command.available({ sessionId, context }) === true : true;
    } catch {
      return false;
    }
  });
}

/**
 * What a message invokes. A server with commands answers every `/word` itself, without the model: by running the
 * command, or by saying that no such command is available here and which are (issue 20: `/foo` must not reach the
 * model). A server without commands leaves slashes to the model, which is then the only one to answer them.
 */
export function matchCommand(
  commands: readonly Command[],
  text: string,
  scope: { sessionId: string; context: Context | undefined },
  word: (unknown: UnknownCommand) => string = unknownCommandReply,
): CommandMatch {
  if (commands.length === 0) return undefined;
  const match = SLASH.exec(text.trim());
  if (!match) return undefined;
  const name = match[1]!.toLowerCase();
  const available = availableCommands(commands, scope.sessionId, scope.context);
  const command = available.find((candidate) => candidate.name === name);
  if (command) return { kind: 'run', command, rest: (match[2] ?? '').trim() };
  const unknown: UnknownCommand = {
    name: match[1]!,
    unavailable: commands.some((candidate) => candidate.name === name),
    available: available.map(describeCommand),
    ...scope,
  };
  let reply: string;
  try {
    reply = word(unknown);
  } catch {
    reply = unknownCommandReply(unknown);
  }
  return { kind: 'unknown', reply: reply || unknownCommandReply(unknown) };
}

/** The default answer: "Unknown command /foo." and the list of what can be used now, as markdown. */
export function unknownCommandReply({ name, unavailable, available }: UnknownCommand): string {
  const first = unavailable ? `/${name} is not available here.` : `Unknown command /${name}.`;
  if (available.length === 0) return `${first} No commands are available here.`;
  const lines = available.map((command) => `- \`${usage(command)}\`: ${command.description}`);
  return `${first} Available commands:\n${lines.join('\n')}`;
}

/** `/stage <n> [note]`: required arguments in angle brackets, optional ones in square brackets. */
function usage(command: CommandDescriptor): string {
  const args = command.args.map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`));
  return [`/${command.name}`, ...args].join(' ');
}
