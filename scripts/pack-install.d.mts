export interface InstalledProject {
  /** The project's folder (under the OS temp dir): package.json, node_modules, tarballs/. */
  dir: string;
  /** The first 16 hex digits of the tarballs' sha256, which names the folder. */
  hash: string;
  /** Each package's tarball, by short name: protocol, server, element. */
  tarballs: Record<'protocol' | 'server' | 'element', string>;
}
/** Builds (unless told not to), packs the three packages and installs the tarballs in a project outside the workspace; cached. */
export function packInstall(options?: { build?: boolean; log?: (line: string) => void }): Promise<InstalledProject>;
export { cleanNpmEnv, run } from './run-command.mjs';
/** Runs `fn` holding a directory lock shared with other processes. */
export function withLock<T>(lockDir: string, fn: () => Promise<T>, timeoutMs?: number): Promise<T>;
