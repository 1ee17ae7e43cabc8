// marked ships as one file, and its tail makes the default `marked` instance and hangs the rest of the API on it
// (`marked.setOptions = …`, `marked.Parser = …`). Those are top-level statements with effects, so a bundler must keep
// them, and with them the HTML Parser and Renderer they name. The element uses only the Lexer (its own templates
// render the tokens), so the bundle reads marked without that tail: the lexer's code is marked's own, byte for byte.
import { minify } from 'terser';

/** Whether `path` is marked's ES build. */
const MARKED = /[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/;

/**
 * The default instance's first statement, `var v=new ne;function x(l,e){return v.parse(l,e)}`: where the tail
 * starts. Everything marked defines before it (Lexer, Tokenizer, the rules, defaults) is untouched.
 */
const TAIL = /\bvar (\w+)=new \w+;function \w+\(\w+,\w+\)\{return \1\.parse\(/;

/** `export{A as Hooks,w as Lexer,…}` at the end. */
const EXPORTS = /\bexport\s*\{([^}]*)\}\s*;?\s*(\/\/# sourceMappingURL=\S*\s*)?$/;

const LAYOUT_CHANGED =
  "marked-lexer-only: marked.esm.js no longer has the default instance's `var x=new Marked;function marked(…)` followed by one `export{…}`; update build/marked-lexer-only.mjs for this marked";

/**
 * marked's source without its default instance, exporting `names` only (what the element imports as values).
 * Throws, naming what it looked for, when marked's layout is not the one this was written against or it exports no
 * such name. `checkCut` then makes sure the cut left nothing dangling.
 */
export function markedLexerOnly(source, names) {
  const tail = TAIL.exec(source);
  const exported = EXPORTS.exec(source);
  if (!tail || !exported) throw new Error(LAYOUT_CHANGED);
  const locals = new Map(
    exported[1].split(',').map((pair) => {
      const [local, name = local] = pair.trim().split(/\s+as\s+/);
      return [name, local];
    }),
  );
  const kept = names.map((name) => {
    const local = locals.get(name);
    if (local === undefined) throw new Error(`marked-lexer-only: marked exports no ${name}`);
    return `${local} as ${name}`;
  });
  return `${source.slice(0, tail.index)}\nexport{${kept.join(',')}};\n`;
}

/** The names a module's code uses without declaring them (its globals), by terser's scope analysis. */
async function undeclared(code) {
  const { ast } = await minify(code, { module: true, compress: false, mangle: false, format: { ast: true, code: false } });
  ast.figure_out_scope({ module: true });
  return new Set(ast.globals.keys());
}

/**
 * Throws when `cut` uses a name that marked's whole file does not leave to the environment: something declared in
 * the tail that was cut off (an export of it, or code before it that calls it), which would fail only at run time.
 */
export async function checkCut(source, cut) {
  const whole = await undeclared(source);
  const dangling = [...(await undeclared(cut))].filter((name) => !whole.has(name));
  if (dangling.length > 0) {
    throw new Error(`marked-lexer-only: without its tail, marked refers to ${dangling.join(', ')}, which only the tail declared; update build/marked-lexer-only.mjs for this marked`);
  }
}

/** The esbuild plugin (build.mjs): marked, as `markedLexerOnly` of `names`, checked. */
export function markedLexerOnlyPlugin(names) {
  return {
    name: 'marked-lexer-only',
    setup(build) {
      build.onLoad({ filter: MARKED }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const source = await readFile(args.path, 'utf8');
        const cut = markedLexerOnly(source, names);
        await checkCut(source, cut);
        return { contents: cut, loader: 'js' };
      });
    },
  };
}
