export type RuntimeName = 'bun' | 'deno' | 'workerd';
export const RUNTIMES: Record<RuntimeName, { package: string; version: string; binaries: string[] }>;
/** The runtime's binary, installed on demand into .tmp/runtimes/, or the reason it cannot run here. */
export function ensureRuntime(
  name: RuntimeName,
  options?: { log?: (line: string) => void },
): Promise<{ name: string; version: string; path: string } | { name: string; version: string; reason: string }>;
