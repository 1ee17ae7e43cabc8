import type { McpToolsOptions } from '@agent-chat/server/mcp';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A published MCP Apps example server, run over stdio as its README says (`<bin> --stdio`), with this Node. The
 * package exports only its server module, so its bin is found from there: the package.json above that module,
 * wherever npm placed it.
 */
function officialServer(packageName: string): McpToolsOptions {
  let dir = dirname(fileURLToPath(import.meta.resolve(packageName)));
  let manifest: { name?: string; bin?: string | Record<string, string> } = {};
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    manifest = readManifest(dir);
    if (manifest.name === packageName) break;
  }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (manifest.name !== packageName || !bin) throw new Error(`${packageName}: no package.json with a bin found above its module`);
  // Their tools carry no annotations, which MCP reads as destructive writes: each call would ask the user first, and
  // a view may not call a tool that asks (its Get Server Time button would be refused). They only read: said here.
  return { command: process.execPath, args: [join(dir, bin), '--stdio'], kind: 'read' };
}

function readManifest(dir: string): { name?: string; bin?: string | Record<string, string> } {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; bin?: string | Record<string, string> };
  } catch {
    return {};
  }
}

/**
 * `@modelcontextprotocol/server-basic-vanillajs`: the tool `get-time`, whose view shows the time it returned and has
 * buttons that call `get-time` again, send a message to the chat, write a log line and open a link.
 */
export const basicServer = (): McpToolsOptions => officialServer('@modelcontextprotocol/server-basic-vanillajs');

/**
 * `@modelcontextprotocol/server-system-monitor`: the tool `get-system-info`, whose view charts the CPU and memory by
 * polling `poll-system-stats`, a tool only views may call (`visibility: ["app"]`), so never offered to the model.
 */
export const systemMonitorServer = (): McpToolsOptions => officialServer('@modelcontextprotocol/server-system-monitor');
