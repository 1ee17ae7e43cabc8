/** The published packages, by folder name under packages/. */
export const PACKAGES: readonly ['protocol', 'server', 'element'];
/**
 * Packs each package from a staged copy with its published manifest into `dest`; rejects when a packed manifest
 * names files its tarball lacks. Each result: the tarball's path and the files in it.
 */
export function packPackages(
  dest: string,
  log: (line: string) => void,
): Promise<Record<'protocol' | 'server' | 'element', { tarball: string; files: string[] }>>;
