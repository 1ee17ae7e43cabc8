/** The environment without the npm_* variables that describe this workspace, for a child npm working elsewhere. */
export function cleanNpmEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** Runs a command (printed through `log`), resolving with its stdout; rejects with its output's tail. */
export function run(log: (line: string) => void, command: string, args: readonly string[], cwd: string, timeoutMs?: number): Promise<string>;
