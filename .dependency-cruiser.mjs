// The import rules of docs/architecture.md, checked by dependency-cruiser in `npm test` (`npm run check:imports`).
// Paths are relative to the repository root. No violation is excused: there is no baseline of known ones.

const server = '^packages/server/src/';
const element = '^packages/element/src/';
/** The shell: the element's own folder, and the <agent-chat> class at the package's root. */
const shell = `${element}(element/|agent-chat\\.ts$)`;
/** A feature's folder; files directly in features/ (the lazy-feature registry) belong to no feature. */
const feature = `${element}features/[^/]+/`;
const lit = '(^|/)node_modules/(lit|lit-html|lit-element|@lit|@lit-labs)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'No import cycle in a package, type-only imports included. An import() is a lazy reference, not a cycle: the feature registry loads features that ask it for others.',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true, dependencyTypesNot: ['dynamic-import'], viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'protocol-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The wire protocol is the one thing both sides share: it depends on neither, nor on the examples.',
      from: { path: '^packages/protocol/' },
      to: { path: '^(packages/(?!protocol/)|examples/)' },
    },
    {
      name: 'element-not-server',
      severity: 'error',
      comment: 'The element and the server meet only in the protocol.',
      from: { path: '^packages/element/src/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-not-element',
      severity: 'error',
      comment: 'The element and the server meet only in the protocol.',
      from: { path: '^packages/server/src/' },
      to: { path: '^packages/element/' },
    },
    {
      name: 'examples-through-entry-points',
      severity: 'error',
      comment: "Examples import a package by its name, as an integrator would, so only what its exports offer; never a path into it.",
      from: { path: '^examples/' },
      to: { path: '^packages/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'server-loop-knows-no-http',
      severity: 'error',
      comment: 'The agent loop (run/) is one turn, whoever asked: routes, HTTP and the AG-UI face call it, never the other way.',
      from: { path: `${server}run/` },
      to: { path: `(${server}(routes|http|ag-ui|security)/|(^|/)node_modules/hono/)` },
    },
    {
      name: 'server-loop-knows-no-provider',
      severity: 'error',
      comment: 'The loop talks to the Model interface; a provider and its SDK stay behind it.',
      from: { path: `${server}run/` },
      to: { path: `(${server}model/(anthropic|openai-compatible)/|(^|/)node_modules/(@anthropic-ai|openai)/)` },
    },
    {
      name: 'server-store-knows-no-model',
      severity: 'error',
      comment: 'A store keeps sessions as plain JSON: it knows no model, no tool and no run.',
      from: { path: `${server}(store|redis)/` },
      to: { path: `${server}(model|tools|run)/` },
    },
    {
      name: 'feature-not-shell',
      severity: 'error',
      comment: 'A feature reaches the element through the ElementHost context (context/), never the shell.',
      from: { path: feature },
      to: { path: shell },
    },
    {
      name: 'feature-not-other-feature',
      severity: 'error',
      comment: 'A feature reaches another by its tag name through the lazy-feature registry, so each stays in its own chunk.',
      from: { path: `${element}features/([^/]+)/` },
      to: { path: feature, pathNot: `${element}features/$1/` },
    },
    {
      name: 'shell-not-feature',
      severity: 'error',
      comment: 'The shell asks the lazy-feature registry for a feature; it never imports one.',
      from: { path: shell },
      to: { path: feature },
    },
    {
      name: 'core-is-plain-typescript',
      severity: 'error',
      comment:
        'core/ is pure TypeScript: no Lit, and nothing else of the element (which is where the DOM is). DOM globals are for the type checker to see, not this.',
      from: { path: `${element}core/` },
      to: { path: `(${element}(?!core/)|${lit})` },
    },
  ],
  options: {
    // Type-only imports count: a cycle of types is still two modules that cannot be read one without the other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The root package.json's workspaces tell an import of a package by its name (aliased-workspace) from a path into it.
    combinedDependencies: true,
    // Not followed, but seen: core/ must not reach Lit. Build output is no source.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)dist/' },
    // In this repository the packages resolve to their source, as vitest and tsc see them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['agent-chat-source', 'import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
