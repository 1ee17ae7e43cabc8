// custom-elements.json for <agent-chat>, by @custom-elements-manifest/analyzer in its Lit mode. The element's JSDoc
// (src/agent-chat.ts: @slot, @fires, @cssprop, @csspart, and each property's comment) is the source, with the
// @csspart of each component the element draws (each part is documented where it is drawn, and forwarded);
// build/manifest.test.ts checks it against what the code declares, dispatches, styles and exports as parts.
// Run by `npm run build -w @agent-chat/element`; written to ./custom-elements.json (package.json `customElements`).

/** Where tsc puts each source file in the published package (tsconfig.build.json: src → dist/lib, .ts → .js). */
const published = (path) => path.replace(/^(\.\/)?src\//, 'dist/lib/').replace(/\.ts$/, '.js');

/** The module whose import registers the element (src/define.ts calls defineAgentChat()). */
const DEFINE_MODULE = 'src/define.ts';

/**
 * The manifest describes what a page meets: the element by its tag name, from the files npm ships. The analyzer
 * reads all of src (so imported defaults and types resolve) and describes every module; this keeps the modules
 * that declare a tagged custom element, without their private members or Lit's internal state, with the
 * string-literal type aliases written out (`LayoutMode` means nothing to an editor), and points them at dist/.
 */
function publicSurface() {
  /** `type LayoutMode = 'inline' | …` → its text, for aliases that are unions of string literals. */
  const aliases = new Map();
  /** `const DEFAULT_HIDE_AFTER_MS = 5000` → `5000`: the analyzer resolves imported defaults only by .ts paths. */
  const constants = new Map();
  /** Class name → names of its `static properties` entries that are internal state (`state: true`). */
  const stateProperties = new Map();
  return {
    name: 'agent-chat: public surface',
    collectPhase({ ts, node }) {
      if (ts.isTypeAliasDeclaration(node) && ts.isUnionTypeNode(node.type)) {
        const literal = (type) => ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal);
        if (node.type.types.every(literal)) aliases.set(node.name.text, node.type.getText());
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const value = node.initializer;
        if (ts.isNumericLiteral(value) || ts.isStringLiteral(value)) constants.set(node.name.text, value.getText());
      }
    },
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const properties = node.members.find(
        (member) => ts.isPropertyDeclaration(member) && member.name.getText() === 'properties' && member.initializer,
      );
      if (!properties || !ts.isObjectLiteralExpression(properties.initializer)) return;
      const state = properties.initializer.properties
        .filter((entry) => ts.isPropertyAssignment(entry) && /\bstate\s*:\s*true\b/.test(entry.initializer.getText()))
        .map((entry) => entry.name.getText());
      stateProperties.set(node.name.text, new Set(state));
    },
    packageLinkPhase({ customElementsManifest }) {
      const spell = (type) => {
        if (!type?.text) return type;
        return { ...type, text: type.text.replace(/\b[A-Z]\w*\b/g, (name) => aliases.get(name) ?? name) };
      };
      const definitions = [];
      // The parts documented on the components inside the element, which forwards them all (exportparts).
      const innerParts = customElementsManifest.modules.flatMap((module) =>
        (module.declarations ?? []).filter((declaration) => !declaration.tagName).flatMap((declaration) => declaration.cssParts ?? []),
      );
      customElementsManifest.modules = customElementsManifest.modules.filter((module) => {
        module.declarations = (module.declarations ?? []).filter((declaration) => declaration.tagName);
        if (module.declarations.length === 0) return false;
        for (const declaration of module.declarations) {
          // Its own internal state, and that of the class it extends (AgentChatSettings declares the properties).
          const inherited = (declaration.members ?? []).map((member) => member.inheritedFrom?.name).filter(Boolean);
          const state = new Set([declaration.name, ...inherited].flatMap((name) => [...(stateProperties.get(name) ?? [])]));
          const parts = [...(declaration.cssParts ?? []), ...innerParts];
          declaration.cssParts = parts.filter((part, index) => parts.findIndex((other) => other.name === part.name) === index);
          declaration.members = (declaration.members ?? [])
            .filter((member) => member.privacy !== 'private' && !member.name.startsWith('#') && !state.has(member.name))
            // The settings class is the element's own declaration split in two files, not a class a page meets.
            .map(({ inheritedFrom, ...member }) => ({
              ...member,
              ...(member.type && { type: spell(member.type) }),
              ...(constants.has(member.default) && { default: constants.get(member.default) }),
            }));
          declaration.attributes = (declaration.attributes ?? [])
            .filter((attribute) => !state.has(attribute.fieldName))
            .map(({ inheritedFrom, ...attribute }) => {
              // The analyzer resolves an imported default (DEFAULT_HIDE_AFTER_MS) on the field only.
              const field = declaration.members.find((member) => member.name === attribute.fieldName);
              return { ...attribute, type: spell(attribute.type), ...(field?.default && { default: field.default }) };
            });
          definitions.push({
            kind: 'custom-element-definition',
            name: declaration.tagName,
            declaration: { name: declaration.name, module: published(module.path) },
          });
        }
        module.exports = (module.exports ?? [])
          .filter((entry) => module.declarations.some((declaration) => declaration.name === entry.declaration?.name))
          .map((entry) => ({ ...entry, declaration: { ...entry.declaration, module: published(entry.declaration.module) } }));
        module.path = published(module.path);
        return true;
      });
      customElementsManifest.modules.push({
        kind: 'javascript-module',
        path: published(DEFINE_MODULE),
        declarations: [],
        exports: definitions,
      });
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  outdir: '.',
  litelement: true,
  // package.json already says `"customElements": "./custom-elements.json"`; the analyzer would rewrite the file.
  packagejson: false,
  plugins: [publicSurface()],
};
