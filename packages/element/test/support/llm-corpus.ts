// Replies written the way chat models write them, each with the DOM we expect, as HTML that goes through the
// same normalizer as the rendered reply (support/markdown-normalize.ts: whitespace between blocks, classes,
// our decorations do not count). Reference chips are written <ref>F-1</ref>; clear math is <span class="math">.
// Used by markdown-llm-corpus.test.ts; each shape here is one that failed in issue #19's measurement.

export interface CorpusReply {
  name: string;
  markdown: string;
  /** The DOM we expect, as HTML. */
  html: string;
}

const fence = '```';

export const LLM_CORPUS: readonly CorpusReply[] = [
  {
    name: 'numbered steps with a fenced block in each item (loose): 1-2-3 stays one list',
    markdown: `To set it up:\n\n1. Install the package:\n\n   ${fence}bash\n   npm install @agent-chat/element\n   ${fence}\n\n2. Start the server:\n\n   ${fence}bash\n   npm start\n   ${fence}\n\n3. Open http://localhost:3000 in your browser.\n`,
    html: `<p>To set it up:</p>
      <ol>
        <li><p>Install the package:</p><pre><code>npm install @agent-chat/element\n</code></pre></li>
        <li><p>Start the server:</p><pre><code>npm start\n</code></pre></li>
        <li><p>Open <a href="http://localhost:3000">http://localhost:3000</a> in your browser.</p></li>
      </ol>`,
  },
  {
    name: 'numbered steps with a fenced block in each item (tight)',
    markdown: `1. Build:\n   ${fence}sh\n   npm run build\n   ${fence}\n2. Test:\n   ${fence}sh\n   npm test\n   ${fence}\n3. Ship it.\n`,
    html: `<ol>
        <li>Build:<pre><code>npm run build\n</code></pre></li>
        <li>Test:<pre><code>npm test\n</code></pre></li>
        <li>Ship it.</li>
      </ol>`,
  },
  {
    name: 'a fence at the margin ends the list, and the next step keeps its number',
    markdown: `1. Install:\n${fence}\nnpm i\n${fence}\n2. Run:\n${fence}\nnpm start\n${fence}\n`,
    html: `<ol><li>Install:</li></ol><pre><code>npm i\n</code></pre>
      <ol start="2"><li>Run:</li></ol><pre><code>npm start\n</code></pre>`,
  },
  {
    name: 'nested lists, bullets in bullets and numbers in bullets',
    markdown: '- Fruits\n  - Apple\n  - Banana\n- Vegetables\n  1. Carrot\n  2. Leek\n     - with **butter**\n',
    html: `<ul>
        <li>Fruits<ul><li>Apple</li><li>Banana</li></ul></li>
        <li>Vegetables<ol><li>Carrot</li><li>Leek<ul><li>with <strong>butter</strong></li></ul></li></ol></li>
      </ul>`,
  },
  {
    name: 'a loose list whose items have continuation paragraphs',
    markdown: '- **Speed.** It is fast.\n\n  Benchmarks show a 2× gain.\n\n- **Size.** It is small.\n\n  The bundle is 12 KB.\n\nThat is all.\n',
    html: `<ul>
        <li><p><strong>Speed.</strong> It is fast.</p><p>Benchmarks show a 2× gain.</p></li>
        <li><p><strong>Size.</strong> It is small.</p><p>The bundle is 12 KB.</p></li>
      </ul>
      <p>That is all.</p>`,
  },
  {
    name: 'a table with inline code and escaped pipes',
    markdown: '| Operator | Meaning |\n| --- | --- |\n| `a \\| b` | either |\n| `a && b` | both |\n| `x ?? y` | a default |\n',
    html: `<table>
        <thead><tr><th>Operator</th><th>Meaning</th></tr></thead>
        <tbody>
          <tr><td><code>a | b</code></td><td>either</td></tr>
          <tr><td><code>a &amp;&amp; b</code></td><td>both</td></tr>
          <tr><td><code>x ?? y</code></td><td>a default</td></tr>
        </tbody>
      </table>`,
  },
  {
    name: 'a table with alignment and without leading pipes',
    markdown: 'Package | Size | Kind\n:--- | ---: | :---:\ncore | 12 KB | library\ncli | 3 KB | tool\n',
    html: `<table>
        <thead><tr><th align="left">Package</th><th align="right">Size</th><th align="center">Kind</th></tr></thead>
        <tbody>
          <tr><td align="left">core</td><td align="right">12 KB</td><td align="center">library</td></tr>
          <tr><td align="left">cli</td><td align="right">3 KB</td><td align="center">tool</td></tr>
        </tbody>
      </table>`,
  },
  {
    name: 'identifiers with underscores inside emphasis, and snake_case left alone',
    markdown: 'Set _request_timeout_ms_ to 5000 and **_ANTHROPIC_API_KEY_** on the server; max_retries stays 3.\n',
    html: '<p>Set <em>request_timeout_ms</em> to 5000 and <strong><em>ANTHROPIC_API_KEY</em></strong> on the server; max_retries stays 3.</p>',
  },
  {
    name: "the discovery demo's footer (emphasis around a sentence with an identifier)",
    markdown: 'Here are the facts.\n\n_Offline demo model: set ANTHROPIC_API_KEY to talk to Claude._\n',
    html: '<p>Here are the facts.</p><p><em>Offline demo model: set ANTHROPIC_API_KEY to talk to Claude.</em></p>',
  },
  {
    name: 'links whose text or address has underscores',
    markdown: 'See [my_doc](https://example.com/my_doc) and [the_other_one](https://example.com/a_b_c#sec_2).\n',
    html: '<p>See <a href="https://example.com/my_doc">my_doc</a> and <a href="https://example.com/a_b_c#sec_2">the_other_one</a>.</p>',
  },
  {
    name: 'tilde fences, with a language and with backticks inside',
    markdown: `~~~python\nprint("hi")\n~~~\n\n~~~\n${fence}js\nnot a fence\n${fence}\n~~~\n`,
    html: `<pre><code>print("hi")\n</code></pre><pre><code>${fence}js\nnot a fence\n${fence}\n</code></pre>`,
  },
  {
    name: 'dollars in prose stay text',
    markdown: 'Set $HOME and $PATH first. It costs $5, or $10 with support.\n',
    html: '<p>Set $HOME and $PATH first. It costs $5, or $10 with support.</p>',
  },
  {
    name: 'clear math becomes math, inline and displayed',
    markdown: 'The area is $x^2$ and the energy $$E = mc^2$$ here.\n',
    html: '<p>The area is <span class="math">x^2</span> and the energy <span class="math">E = mc^2</span> here.</p>',
  },
  {
    name: 'an unmatched backtick stays a backtick; a code span may span lines',
    markdown: 'Use `npm test to run it.\n\nThen run `npm\nrun build` once.\n',
    html: '<p>Use `npm test to run it.</p><p>Then run <code>npm run build</code> once.</p>',
  },
  {
    name: 'reference links, full, collapsed and shortcut, defined after use',
    markdown: 'Read [the guide][guide], the [FAQ][] and [Changelog].\n\n[guide]: https://example.com/guide "The guide"\n[faq]: https://example.com/faq\n[changelog]: /changes\n',
    html: '<p>Read <a href="https://example.com/guide" title="The guide">the guide</a>, the <a href="https://example.com/faq">FAQ</a> and <a href="/changes">Changelog</a>.</p>',
  },
  {
    name: 'angle-bracket autolinks, a URL and an email address',
    markdown: 'Docs: <https://example.com/docs?tab=api>. Mail <team@example.com>.\n',
    html: '<p>Docs: <a href="https://example.com/docs?tab=api">https://example.com/docs?tab=api</a>. Mail <a href="mailto:team@example.com">team@example.com</a>.</p>',
  },
  {
    name: 'bare URLs with trailing punctuation and parentheses',
    markdown: 'Visit https://example.com/path. Or (https://example.com/a_(b)), or www.example.org!\n',
    html: '<p>Visit <a href="https://example.com/path">https://example.com/path</a>. Or (<a href="https://example.com/a_(b)">https://example.com/a_(b)</a>), or <a href="http://www.example.org">www.example.org</a>!</p>',
  },
  {
    name: 'character references',
    markdown: 'AT&amp;T &copy; 2024, issue &#35;12, caf&eacute; &lt;tag&gt;\n',
    html: '<p>AT&amp;T © 2024, issue #12, café &lt;tag&gt;</p>',
  },
  {
    name: 'right-to-left paragraphs (Arabic, Hebrew) with emphasis',
    markdown: 'مرحبا بالعالم، هذا **نص** عربي.\n\nשלום עולם, זה טקסט *עברי* עם `code`.\n',
    html: '<p>مرحبا بالعالم، هذا <strong>نص</strong> عربي.</p><p>שלום עולם, זה טקסט <em>עברי</em> עם <code>code</code>.</p>',
  },
  {
    name: 'item references become chips, except escaped, in code or as a real link',
    markdown: 'Fixed in [F-1] and [[BUG-204]]; not \\[F-3], `[F-2]` or [F-4](https://example.com/f4).\n',
    html: '<p>Fixed in <ref>F-1</ref> and <ref>BUG-204</ref>; not [F-3], <code>[F-2]</code> or <a href="https://example.com/f4">F-4</a>.</p>',
  },
];
