import { readdirSync, readFileSync } from 'node:fs';

export interface McpServerProcess {
  pid: number;
  /** Which official server: `server-basic-vanillajs`, `server-system-monitor`. */
  server: string;
}

/**
 * The official MCP Apps servers this process started and that still run: its child processes (read from /proc, so
 * Linux, as CI is) whose command line runs one of the `@modelcontextprotocol/server-*` packages.
 */
export function mcpServerProcesses(): McpServerProcess[] {
  const found: McpServerProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // The command name (field 2) is in parentheses and may hold spaces: the parent's pid is the second field after it.
    const parent = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent !== process.pid) continue;
    // A process that has exited but was not yet reaped is no longer running.
    if (stat?.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
    const server = /@modelcontextprotocol\/(server-[\w-]+)/.exec(read(`/proc/${entry}/cmdline`) ?? '')?.[1];
    if (server) found.push({ pid: Number(entry), server });
  }
  return found;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
