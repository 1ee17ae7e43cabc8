import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface ChildServer {
  /** The server's base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Everything the process wrote so far, for a failing assertion's message. */
  output(): string;
  /** SIGTERM, then SIGKILL if it is still running after 5 s. */
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How long the server may take to say where it listens. */
  readyTimeoutMs?: number;
  /**
   * Where the URL comes from: by default a `listening http://…` line on stdout; workerd reports its port as JSON
   * lines on a control descriptor (fd 3) instead.
   */
  ready?: 'stdout-line' | 'workerd-control-fd';
}

const running = new Set<ChildServer>();
const children = new Set<ChildProcess>();
// Should the worker die before afterAll, its servers die with it rather than linger on their ports.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts a server process and resolves once it listens on 127.0.0.1; rejects with its output if it exits or stalls. */
export function startChildServer(command: string, args: readonly string[], options: StartOptions): Promise<ChildServer> {
  const { cwd, env = process.env, readyTimeoutMs = 30_000, ready = 'stdout-line' } = options;
  const stdio: ('ignore' | 'pipe')[] = ready === 'workerd-control-fd' ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { cwd, env, stdio });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  children.add(child);
  // A process that could not start emits 'error' and may never emit 'exit'.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  void exited.then(() => children.delete(child));

  const server: ChildServer = {
    url: '',
    output: () => output,
    async stop() {
      running.delete(server);
      await stopProcess(child, exited);
    },
  };
  running.add(server);

  return new Promise<ChildServer>((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void server.stop().then(() => reject(new Error(`${command} ${args.join(' ')}: ${why}\n--- its output ---\n${output}`)));
    };
    const timer = setTimeout(() => fail(`did not report a listening address within ${readyTimeoutMs} ms`), readyTimeoutMs);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before it listened`));
    const onUrl = (url: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      server.url = url;
      resolve(server);
    };
    if (ready === 'workerd-control-fd') {
      readLines(child.stdio[3] as Readable, (line) => {
        let message: { event?: string; port?: number };
        try {
          message = JSON.parse(line) as typeof message;
        } catch {
          return fail(`wrote a control message that is not JSON: ${line}`);
        }
        if (message.event === 'listen' && message.port) onUrl(`http://127.0.0.1:${message.port}`);
      });
    } else {
      readLines(child.stdout!, (line) => {
        const match = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) onUrl(match[1]!);
      });
    }
  });
}

/** Stops every server started by this file that is still running: for afterAll. */
export async function stopAllChildServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

function readLines(stream: Readable, onLine: (line: string) => void): void {
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      onLine(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
    }
  });
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5_000);
  });
  await Promise.race([exited, killed]);
  clearTimeout(timer);
  await exited;
}
