// A bench process: node running a .ts file of this folder, spoken to over stdin and stdout one JSON line at a time.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const FD_LIMIT = 65_536;

/** Every process started and not yet ended, so that a bench that gives up can stop them. */
export const children = new Set<ChildProcessWithoutNullStreams>();

export type Json = Record<string, unknown>;

/**
 * A node process running `file` (a .ts file of this folder, through tsx; or a bundle's absolute path, run as it is),
 * with its file descriptor limit raised first: a process holds one descriptor per connection. Where the hard limit
 * is lower than FD_LIMIT, it gets the hard limit (and says so).
 */
export function spawnNode(file: string, args: string[], env: Record<string, string> = {}, nodeFlags: string[] = []) {
  const entry = isAbsolute(file) ? [file] : ['--conditions=agent-chat-source', '--import', 'tsx', join(here, file)];
  const script = `ulimit -n ${FD_LIMIT} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; export LOAD_FD_LIMIT="$(ulimit -n)"; exec "$0" "$@"`;
  const child = spawn(
    'sh',
    ['-c', script, process.execPath, ...nodeFlags, '--expose-gc', ...entry, ...args],
    { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (stderr.length < 2000) stderr.push(line);
  });
  const process_ = {
    child,
    stderr,
    async next<T>(): Promise<T> {
      let line: IteratorResult<string>;
      // What node itself prints there (--trace-gc) is passed on, not taken for an answer.
      while (!(line = await lines.next()).done && !/^(\{|\[[{\]])/.test(line.value)) process.stderr.write(`${basename(file)}: ${line.value}\n`);
      const { value, done } = line;
      if (done) throw new Error(`${file} ended early:\n${stderr.slice(-20).join('\n')}`);
      const parsed = JSON.parse(value) as T & { error?: string };
      if (parsed.error) throw new Error(`${file}: ${parsed.error}`);
      return parsed;
    },
    send(line: string) {
      child.stdin.write(`${line}\n`);
    },
    /** Send a command and read its answer. */
    async ask<T = Json>(command: string): Promise<T> {
      process_.send(command);
      return process_.next<T>();
    },
    /** Close its stdin (a bench server then ends) and wait for it to exit. */
    async end() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
  return process_;
}

/** Stop every bench process if the bench is still running after `limitMs`: a bench always ends by itself. */
export function limitBench(name: string, limitMs: number): NodeJS.Timeout {
  return setTimeout(() => {
    console.error(`${name}: still running after ${limitMs / 60_000} min, stopping`);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, limitMs);
}
