// The analyzer ships no types for its CLI module; this is the part of it build/manifest.test.ts calls.
declare module '@custom-elements-manifest/analyzer/cli.js' {
  /** Runs `custom-elements-manifest <argv>` in `cwd`; with `noWrite`, returns the manifest without writing it. */
  export function cli(options: { argv: string[]; cwd: string; noWrite: boolean }): Promise<unknown>;
}
