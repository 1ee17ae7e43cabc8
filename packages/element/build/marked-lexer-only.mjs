// marked ships as one file, and its tail makes the default `marked` instance and hangs the rest of the API on it
// (`marked.setOptions = …`, `marked.Parser = …`). Those are top-level statements with effects, so a bundler must keep
// them, and with them the HTML Parser and Renderer they name. The element uses only the Lexer (its own templates
// render the tokens), so the bundle reads marked without that tail: the lexer's code is marked's own, byte for byte.

/** Whether `path` is marked's ES build. */
const MARKED = /[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/;

/**
 * The default instance's first statement, `var v=new ne;function x(l,e){return v.parse(l,e)}`: where the tail
 * starts. Everything marked defines before it (Lexer, Tokenizer, the rules, defaults) is untouched.
 */
const TAIL = /\bvar (\w+)=new \w+;function \w+\(\w+,\w+\)\{return \1\.parse\(/;

/** `export{A as Hooks,w as Lexer,…}` at the end. */
const EXPORTS = /\bexport\s*\{([^}]*)\}\s*;?\s*(\/\/# sourceMappingURL=\S*\s*)?$/;

/**
 * marked's source without its default instance, exporting `names` only (what the element imports as values).
 * Throws, naming what it looked for, when marked's layout is not the one this was written against: the build
 * then fails rather than shipping a marked it did not understand.
 */
export function markedLexerOnly(source, names) {
  const tail = TAIL.exec(source);
  const exported = EXPORTS.exec(source);
  if (!tail || !exported) {
    throw new Error("marked-lexer-only: marked.esm.js no longer has the default instance's `var x=new Marked;function marked(…)` followed by one `export{…}`; update build/marked-lexer-only.mjs for this marked");
  }
  const locals = new Map(
    exported[1].split(',').map((pair) => {
      const [local, name = local] = pair.trim().split(/\s+as\s+/);
      return [name, local];
    }),
  );
  const head = source.slice(0, tail.index);
  const kept = names.map((name) => {
    const local = locals.get(name);
    // Declared in the tail (marked, parse, lexer…) is as missing as not exported: the tail is gone.
    if (local === undefined || !new RegExp(`(?:\\b(?:var|let|const|class|function)\\s+|,)${local.replace('$', '\\$')}\\s*=|\\b(?:class|function)\\s+${local.replace('$', '\\$')}\\b`).test(head)) {
      throw new Error(`marked-lexer-only: marked exports no ${name} defined before its default instance`);
    }
    return `${local} as ${name}`;
  });
  return `${head}\nexport{${kept.join(',')}};\n`;
}

/** The esbuild plugin (build.mjs): marked, as `markedLexerOnly` of `names`. */
export function markedLexerOnlyPlugin(names) {
  return {
    name: 'marked-lexer-only',
    setup(build) {
      build.onLoad({ filter: MARKED }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        return { contents: markedLexerOnly(await readFile(args.path, 'utf8'), names), loader: 'js' };
      });
    },
  };
}
