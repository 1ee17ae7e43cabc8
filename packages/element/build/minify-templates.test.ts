import { describe, expect, it } from 'vitest';
import { minifyCss, minifyHtml, minifyTemplates } from './minify-templates.mjs';

describe('minifyCss', () => {
  it('drops comments and the whitespace around braces, semicolons, commas, child combinators and after colons', () => {
    const css = `
      /* the host */
      :host {
        display: block;
      }
      a,
      b > c {
        color: red;
      }
    `;
    expect(minifyCss([css])).toEqual([':host{display:block}a,b>c{color:red}']);
  });

  it('keeps the space before a colon, which makes a descendant selector', () => {
    expect(minifyCss(['.a :hover { color: red; }'])).toEqual(['.a :hover{color:red}']);
  });

  it('keeps strings, escapes and U+00A0 as they are', () => {
    expect(minifyCss([`a::before { content: ' ;  { '; }`])).toEqual([`a::before{content:' ;  { '}`]);
    expect(minifyCss([String.raw`a::before { content: '\\2014  x'; }`])).toEqual([String.raw`a::before{content:'\\2014  x'}`]);
    expect(minifyCss(['a { content: "\u00a0" }'])).toEqual(['a{content:"\u00a0"}']);
  });

  it('keeps the space an expression is separated by, and trims only the ends of the whole template', () => {
    expect(minifyCss(['\n  a { margin: ', ' ', '; }\n'])).toEqual(['a{margin:', ' ', '}']);
  });

  it('keeps a comment or string that spans an expression, so the expression stays inside it', () => {
    expect(minifyCss(['a { /* ', ' */ color: red; }'])).toEqual(['a{/* ', ' */ color:red}']);
    expect(minifyCss(["a { content: ' ", "  x'; }"])).toEqual(["a{content:' ", "  x'}"]);
  });
});

describe('minifyHtml', () => {
  it('turns whitespace runs with a line break into one space and leaves the others', () => {
    expect(minifyHtml(['<div>\n  <span>a  b</span>\n</div>'])).toEqual(['<div> <span>a  b</span> </div>']);
  });

  it('collapses whitespace between attributes and drops it before >', () => {
    expect(minifyHtml(['<input\n  type="text"\n  .value=', '\n/>'])).toEqual(['<input type="text" .value=', ' />']);
    expect(minifyHtml(['<pre\n  class="x"\n>', '</pre>'])).toEqual(['<pre class="x">', '</pre>']);
  });

  it('keeps quoted attribute values, comments and the content of pre and textarea', () => {
    expect(minifyHtml(['<p title="a\n   b">\n x</p>'])).toEqual(['<p title="a\n   b"> x</p>']);
    expect(minifyHtml(['<!-- a\n   b -->\n<p></p>'])).toEqual(['<!-- a\n   b --> <p></p>']);
    expect(minifyHtml(['<pre>a\n   ', '\n  </pre>\n<p></p>'])).toEqual(['<pre>a\n   ', '\n  </pre> <p></p>']);
    expect(minifyHtml(['<textarea>\n  x\n</textarea>'])).toEqual(['<textarea>\n  x\n</textarea>']);
  });

  it('follows a quoted value across an expression', () => {
    expect(minifyHtml(['<p class="a\n ', '\n b">\n</p>'])).toEqual(['<p class="a\n ', '\n b"> </p>']);
  });
});

describe('minifyTemplates', () => {
  it('rewrites only the literal parts of css, html and svg templates, expressions included', () => {
    const source = [
      'const a = html`<div>\n  ${`keep\n  this`}\n  ${html`<b>\n</b>`}\n</div>`;',
      'const b = css`a {\n  color: ${x};\n}`;',
      'const c = other`a {\n  b }`;',
      'const d = `plain\n  text`;',
    ].join('\n');
    expect(minifyTemplates(source)).toBe(
      [
        'const a = html`<div> ${`keep\n  this`} ${html`<b> </b>`} </div>`;',
        'const b = css`a{color:${x}}`;',
        'const c = other`a {\n  b }`;',
        'const d = `plain\n  text`;',
      ].join('\n'),
    );
  });

  it('keeps expressions written with spaces inside their braces', () => {
    expect(minifyTemplates('html`<p>\n${ a }\n</p>`')).toBe('html`<p> ${ a } </p>`');
  });
});
