import { ensureRuntime } from '../../../scripts/runtimes.mjs';

/**
 * The runtime's binary, installed on demand; undefined when it cannot run here, after printing why, so that the
 * skip a test then makes is never silent.
 */
export async function runtimeOrSkip(name: 'bun' | 'deno' | 'workerd'): Promise<{ path: string; version: string } | undefined> {
  const runtime = await ensureRuntime(name);
  if ('path' in runtime) return runtime;
  console.warn(`[install tests] SKIPPING ${name} ${runtime.version}: ${runtime.reason}`);
  return undefined;
}
