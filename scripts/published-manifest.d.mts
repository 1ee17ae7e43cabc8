/** The repository-only export condition: the packages' TypeScript sources, for in-repo tools. */
export const SOURCE_CONDITION: 'agent-chat-source';
/** The package.json a package is published with: no source condition, no ./src/ sideEffects, no scripts. */
export function publishedManifest<T extends Record<string, unknown>>(manifest: T): Omit<T, 'scripts'>;
