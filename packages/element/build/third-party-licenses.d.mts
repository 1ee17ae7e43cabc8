import type { Metafile } from 'esbuild';

export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  /** The package's LICENSE file. */
  text: string;
}

/** The packages the bundle's inputs come from; `root` is the directory the metafile's paths are relative to. */
export function bundledPackages(metafile: Pick<Metafile, 'inputs'> | { inputs: Record<string, unknown> }, root?: string): Promise<BundledPackage[]>;
/** The one-line notice at the top of a bundled file; `licensePath` is where the texts are, relative to that file. */
export function licenseBanner(packages: BundledPackage[], licensePath?: string): string;
/** dist/THIRD-PARTY-LICENSES.txt: every package's license text. */
export function licenseFile(packages: BundledPackage[]): string;
