/**
 * The paths a package.json names (exports at every condition, main, types, bin, customElements, sideEffects) that
 * match none of `files` (the tarball's paths), each as `field: target`; empty when all are shipped.
 */
export function missingTargets(manifest: Record<string, unknown>, files: readonly string[]): string[];
