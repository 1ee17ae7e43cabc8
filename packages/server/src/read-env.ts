/**
 * An environment variable, where the runtime has them: undefined on Workers (no `process`) and on Deno without
 * --allow-env (which refuses the read), as if it were not set.
 */
export function readEnv(name: string): string | undefined {
  try {
    return globalThis.process?.env?.[name];
  } catch {
    return undefined;
  }
}
