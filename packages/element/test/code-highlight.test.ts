import { expect, fixture, html } from '@open-wc/testing';
import { MessageBubble } from '../src/features/message-list/message-bubble.js';
import { waitFor } from './support/wait.js';

if (!customElements.get('agent-chat-message')) customElements.define('agent-chat-message', MessageBubble);

const JS = 'const answer = 42; // the answer\nfunction ask(q) {\n  return "why " + q;\n}';
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

async function bubble(text: string, style = ''): Promise<MessageBubble> {
  const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" style=${style} .text=${text}></agent-chat-message>`);
  await el.updateComplete;
  return el;
}

const code = (el: MessageBubble) => el.shadowRoot!.querySelector('pre > code') as HTMLElement;
const scopes = (el: MessageBubble) => [...code(el).querySelectorAll('span[class^="hljs-"]')].map((span) => `${span.className}:${span.textContent}`);

describe('code highlighting (highlight.js, loaded when a block closes)', () => {
  it('highlights a finished fenced block by its language, keeping its text exactly', async () => {
    const el = await bubble('```js\n' + JS + '\n```');
    expect(code(el).textContent).to.equal(`${JS}\n`);
    expect(code(el).dataset['highlighted']).to.equal('javascript');
    expect(scopes(el)).to.include.members(['hljs-keyword:const', 'hljs-number:42', 'hljs-comment:// the answer', 'hljs-string:"why "']);
  });

  it('leaves a block plain while it streams, and highlights it once its closing fence arrives', async () => {
    const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" streaming></agent-chat-message>`);
    el.text = 'Here:\n\n```python\ndef f(x):\n    return x + 1\n';
    await el.updateComplete;
    await frame();
    expect(code(el).textContent).to.contain('def f(x):');
    expect(scopes(el), 'no scopes while the block grows').to.deep.equal([]);
    el.text += '```\n\nDone';
    await el.updateComplete;
    await waitFor(() => code(el).dataset['highlighted'] === 'python', { message: 'highlighted once closed' });
    expect(scopes(el)).to.include.members(['hljs-keyword:def', 'hljs-keyword:return', 'hljs-number:1']);
    expect(code(el).textContent).to.equal('def f(x):\n    return x + 1\n');
  });

  it('keeps code in a language it does not know, or with none, as plain text', async () => {
    const el = await bubble('```brainfunk\n+[-->-[>>+>-----<<]<--<---]>-\n```\n\n```\nplain\n```');
    const blocks = [...el.shadowRoot!.querySelectorAll('pre > code')] as HTMLElement[];
    expect(blocks.map((block) => block.querySelectorAll('span').length)).to.deep.equal([0, 0]);
    expect(blocks.map((block) => block.dataset['highlighted'] ?? '')).to.deep.equal(['', '']);
  });

  it('draws markup in code as text: no element of the code itself reaches the DOM', async () => {
    const markup = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const el = await bubble('```html\n' + markup + '\n```');
    expect(code(el).dataset['highlighted']).to.equal('xml');
    expect(code(el).querySelectorAll('img, script')).to.have.length(0);
    expect(code(el).textContent).to.equal(`${markup}\n`);
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
  });

  it('colours scopes from the theme, light and dark, and a host can set them', async () => {
    const light = await bubble('```js\nconst a = 1;\n```', 'color-scheme: light');
    const dark = await bubble('```js\nconst a = 1;\n```', 'color-scheme: dark');
    const themed = await bubble('```js\nconst a = 1;\n```', '--agent-chat-code-keyword: rgb(1, 2, 3)');
    const keyword = (el: MessageBubble) => getComputedStyle(code(el).querySelector('.hljs-keyword')!).color;
    expect(keyword(light)).to.equal('rgb(207, 34, 46)');
    expect(keyword(dark)).to.equal('rgb(255, 123, 114)');
    expect(keyword(themed)).to.equal('rgb(1, 2, 3)');
  });
});
