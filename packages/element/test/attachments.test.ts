import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { UploadedAttachment } from '@agent-chat/protocol';
import '../src/define.js';
import '../src/i18n/fr.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { FileChips } from '../src/features/attachments/file-chips.js';
import { uploadLimits } from '../src/features/attachments/upload-limits.js';
import { AgentClient } from '../src/transport/agent-client.js';
import { axeViolations } from './support/axe.js';
import { agentServerUrl, scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { ATTACHMENT_MAX_BYTES, MODEL_REQUESTS_PATH, blocksReply } from './support/attachment-texts.js';
import { assistantBubbles, composer, composerButton, deepAll, messageList, textarea } from './support/dom.js';
import { TEST_USER_HEADER } from './support/thread-texts.js';
import { waitFor } from './support/wait.js';

// Files from the user (issue #21, point 2) in Chromium against the real agent server (attachment-scenarios.ts):
// pasted, dropped and picked files are uploaded to POST /uploads with the adapter's headers, shown as chips, sent
// as `attachments: [{ uploadId }]`, and reach the fake Messages API, through the real Anthropic SDK, as content
// blocks. Each test is a user of its own (x-test-user), so uploads and conversations never cross.

/** A real PNG, drawn by the browser, so the thumbnail is an image that loads. */
async function pngFile(name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 8;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#c0392b';
  context.fillRect(0, 0, 8, 8);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

const pdfFile = (name: string) => new File(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'], name, { type: 'application/pdf' });

function transfer(...files: File[]): DataTransfer {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  return data;
}

async function setUp(session = uniqueSession('files')) {
  const endpoint = await scenario('attachments');
  const user = uniqueSession('uploader');
  const el = await fixture<AgentChat>(html`<agent-chat
    endpoint=${endpoint}
    session=${session}
    .adapter=${{ attachments: true, headers: () => ({ [TEST_USER_HEADER]: user }) }}
  ></agent-chat>`);
  await waitFor(() => pickerButton(el), { message: 'the paperclip (the chunk loaded and GET /uploads answered)' });
  return { el, endpoint, user, session };
}

const pickerButton = (el: AgentChat) => composer(el).shadowRoot?.querySelector('agent-chat-file-picker')?.shadowRoot?.querySelector('button');
const chipsElement = (el: AgentChat) => composer(el).shadowRoot!.querySelector<FileChips>('agent-chat-file-chips')!;
const chips = (el: AgentChat) => Array.from(chipsElement(el).shadowRoot?.querySelectorAll('li') ?? []);
const uploading = (el: AgentChat) => chips(el).filter((chip) => chip.hasAttribute('data-uploading'));
const sendButton = (el: AgentChat) => composer(el).shadowRoot!.querySelector<HTMLButtonElement>('button.send');

function paste(el: AgentChat, ...files: File[]): void {
  textarea(el).dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer(...files), bubbles: true, composed: true, cancelable: true }));
}

function drop(el: AgentChat, ...files: File[]): void {
  const data = transfer(...files);
  const target = textarea(el);
  target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
  expect(composer(el).shadowRoot!.querySelector('.composer')!.hasAttribute('data-dropping'), 'the drop outline while files are over it').to.equal(true);
  const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(over);
  expect(over.defaultPrevented, 'dragover of files is accepted').to.equal(true);
  target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
  expect(composer(el).shadowRoot!.querySelector('.composer')!.hasAttribute('data-dropping'), 'no outline after the drop').to.equal(false);
}

async function allUploaded(el: AgentChat, count: number): Promise<void> {
  await waitFor(() => chips(el).length === count && uploading(el).length === 0, { message: `${count} chips, none uploading` });
}

async function type(el: AgentChat, text: string): Promise<void> {
  const input = textarea(el);
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await composer(el).updateComplete;
}

type ModelRequest = { messages: { role: string; content: string | { type: string; source?: { media_type?: string; data?: string }; title?: string }[] }[] };

/** The fake Messages API's requests whose first user message says `marker`. */
async function modelRequests(marker: string): Promise<ModelRequest[]> {
  const all = (await (await fetch(`${await agentServerUrl()}${MODEL_REQUESTS_PATH}`)).json()) as ModelRequest[];
  return all.filter((request) => JSON.stringify(request.messages).includes(marker));
}

const sentFiles = (el: AgentChat) => deepAll(messageList(el).shadowRoot!, 'agent-chat-files');
const sentFileNames = (el: AgentChat) =>
  sentFiles(el).flatMap((files) => Array.from(files.shadowRoot?.querySelectorAll('li .name') ?? [], (name) => name.textContent));

describe('attachments: files from the user', () => {
  it('a pasted image and a dropped PDF are uploaded, shown as chips, and reach the model as image and document blocks', async () => {
    const { el, endpoint, user, session } = await setUp();
    paste(el, await pngFile('dot.png'));
    drop(el, pdfFile('paper.pdf'));
    await allUploaded(el, 2);
    const [image, pdf] = chips(el);
    expect(image!.querySelector('img')?.getAttribute('src')).to.match(/^blob:/);
    expect(image!.querySelector('.name')?.textContent).to.equal('dot.png');
    expect(pdf!.querySelector('img')).to.equal(null);
    expect(pdf!.querySelector('.mark')?.textContent).to.equal('pdf');
    expect(pdf!.querySelector('.size')?.textContent).to.match(/^\d+ B$/);

    const marker = `Compare ${session}`;
    await type(el, marker);
    sendButton(el)!.click();
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === blocksReply(['image', 'document', 'text'])), {
      message: 'the reply naming the blocks the model received',
    });
    expect(chips(el)).to.have.length(0);

    const [request] = await modelRequests(marker);
    const content = request!.messages[0]!.content as { type: string; source?: { media_type?: string; data?: string } }[];
    expect(content.map((block) => block.type)).to.deep.equal(['image', 'document', 'text']);
    expect(content[0]!.source?.media_type).to.equal('image/png');
    expect(atob(content[0]!.source!.data!).startsWith('\x89PNG')).to.equal(true);
    expect(atob(content[1]!.source!.data!).startsWith('%PDF-')).to.equal(true);

    // The server keeps references, not bytes; the user's bubble shows the files.
    const stored = await fetch(`${endpoint}/sessions/${session}`, { headers: { [TEST_USER_HEADER]: user } }).then((response) => response.json());
    const turn = (stored as Awaited<ReturnType<typeof storedSession>>).turns.find((each) => each.type === 'user');
    const attachments = (turn?.type === 'user' ? turn.attachments : []) as UploadedAttachment[];
    expect(attachments.map((file) => [file.name, file.mediaType])).to.deep.equal([
      ['dot.png', 'image/png'],
      ['paper.pdf', 'application/pdf'],
    ]);
    expect(JSON.stringify(stored)).not.to.contain(content[0]!.source!.data!);
    await waitFor(() => sentFileNames(el).length === 2, { message: 'the files under the user bubble' });
    expect(sentFileNames(el)).to.deep.equal(['dot.png', 'paper.pdf']);
  });

  it('the paperclip opens a chooser limited to the server’s types; a picked file becomes a chip', async () => {
    const { el } = await setUp();
    const button = pickerButton(el)!;
    expect(button.getAttribute('aria-label')).to.equal('Attach files');
    const input = composer(el).shadowRoot!.querySelector('agent-chat-file-picker')!.shadowRoot!.querySelector('input')!;
    expect(input.accept).to.equal('image/png,application/pdf,text/plain');
    let opened = false;
    input.addEventListener('click', (event) => {
      opened = true;
      event.preventDefault();
    });
    button.click();
    expect(opened, 'the paperclip clicks the file input').to.equal(true);
    input.files = transfer(new File(['Line one\n'], 'notes.txt', { type: 'text/plain' })).files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await allUploaded(el, 1);
    expect(chips(el)[0]!.querySelector('.mark')?.textContent).to.equal('txt');
  });

  it('shows the upload’s progress and holds Send until every file is uploaded; a chip can be removed', async () => {
    const { el } = await setUp();
    await type(el, 'With a file');
    expect(sendButton(el)!.disabled).to.equal(false);
    // Large enough to take more than one progress event on the way.
    const big = new File([new Uint8Array(200 * 1024).fill(32)], 'big.txt', { type: 'text/plain' });
    paste(el, big);
    await composer(el).updateComplete;
    await chipsElement(el).updateComplete;
    const progress = chips(el)[0]!.querySelector('progress');
    expect(progress, 'a progress bar while the file uploads').to.not.equal(null);
    expect(progress!.getAttribute('aria-label')).to.equal('Uploading big.txt');
    expect(sendButton(el)!.disabled, 'Send waits for the upload').to.equal(true);
    // Enter waits too.
    textarea(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    expect(textarea(el).value).to.equal('With a file');
    await allUploaded(el, 1);
    await waitFor(() => !sendButton(el)!.disabled, { message: 'Send given back once the upload is done' });
    expect(chips(el)[0]!.querySelector('progress')).to.equal(null);
    chips(el)[0]!.querySelector('button')!.click();
    await waitFor(() => chips(el).length === 0, { message: 'the removed chip gone' });
  });

  it('a chip removed from the keyboard leaves the focus on the next chip, the one before, then the input', async () => {
    const { el } = await setUp();
    paste(el, pdfFile('a.pdf'), pdfFile('b.pdf'), pdfFile('c.pdf'));
    await allUploaded(el, 3);
    const focused = () => {
      const inChips = chipsElement(el).shadowRoot!.activeElement;
      return inChips ? inChips.getAttribute('aria-label') : composer(el).shadowRoot!.activeElement?.tagName.toLowerCase();
    };
    // The middle one: the focus goes to the chip that takes its place.
    chips(el)[1]!.querySelector('button')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => chips(el).length === 2 && focused() === 'Remove c.pdf', { message: `focus on c.pdf's button (${focused()})` });
    // The last one: to the one before it.
    await sendKeys({ press: 'Enter' });
    await waitFor(() => chips(el).length === 1 && focused() === 'Remove a.pdf', { message: `focus on a.pdf's button (${focused()})` });
    // None left: to the input.
    await sendKeys({ press: 'Enter' });
    await waitFor(() => chips(el).length === 0 && focused() === 'textarea', { message: `focus on the input (${focused()})` });
  });

  it('a file the server refuses shows its message on the chip, and is not sent; one too big is refused before upload', async () => {
    const { el, session } = await setUp();
    paste(el, new File(['not an image'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => chips(el)[0]?.hasAttribute('data-error'), { message: 'the refused chip' });
    const refused = chips(el)[0]!;
    expect(refused.querySelector('[role="alert"]')?.textContent).to.equal('fake.png: file: its content is not image/png, the type it was sent as');
    paste(el, new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'huge.pdf', { type: 'application/pdf' }));
    paste(el, new File(['x'], 'song.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => chips(el).length === 3, { message: 'three chips' });
    expect(chips(el)[1]!.querySelector('[role="alert"]')?.textContent).to.equal('huge.pdf: larger than the 256 KB this chat accepts');
    expect(chips(el)[2]!.querySelector('[role="alert"]')?.textContent).to.equal('song.mp3: a type this chat does not accept');
    const marker = `Nothing attached ${session}`;
    await type(el, marker);
    sendButton(el)!.click();
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === blocksReply(['text'])), { message: 'the reply to text alone' });
    const [request] = await modelRequests(marker);
    expect(request!.messages[0]!.content).to.deep.equal([{ type: 'text', text: marker }]);
  });

  it('a reloaded conversation shows the files of its messages, with the image’s thumbnail', async () => {
    const first = await setUp();
    paste(first.el, await pngFile('kept.png'));
    await allUploaded(first.el, 1);
    await type(first.el, 'Keep this');
    sendButton(first.el)!.click();
    await waitFor(() => assistantBubbles(first.el).length === 1, { message: 'the reply' });
    first.el.remove();

    const el = await fixture<AgentChat>(html`<agent-chat
      endpoint=${first.endpoint}
      session=${first.session}
      .adapter=${{ headers: () => ({ [TEST_USER_HEADER]: first.user }) }}
    ></agent-chat>`);
    await waitFor(() => sentFileNames(el).length === 1, { message: 'the file under the reloaded user bubble' });
    expect(sentFileNames(el)).to.deep.equal(['kept.png']);
    const image = await waitFor(() => sentFiles(el)[0]?.shadowRoot?.querySelector('img'), {
      message: 'the thumbnail, fetched with the adapter’s headers',
    });
    await waitFor(() => image.complete && image.naturalWidth === 8, { message: 'the thumbnail decoded' });
    expect(image.alt).to.equal('kept.png');
  });

  it('axe finds nothing wrong in the composer with an image chip and a refused chip', async () => {
    const { el } = await setUp();
    paste(el, await pngFile('dot.png'), new File(['nope'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => chips(el).length === 2 && chips(el).every((chip) => !chip.hasAttribute('data-uploading')), { message: 'both chips settled' });
    expect(await axeViolations(composer(el))).to.deep.equal([]);
  });

  it('speaks French with locale="fr": the paperclip, the chips and a refusal', async () => {
    const endpoint = await scenario('attachments');
    const user = uniqueSession('uploader-fr');
    const el = await fixture<AgentChat>(html`<agent-chat
      locale="fr"
      endpoint=${endpoint}
      session=${uniqueSession('files-fr')}
      .adapter=${{ attachments: true, headers: () => ({ [TEST_USER_HEADER]: user }) }}
    ></agent-chat>`);
    await waitFor(() => pickerButton(el), { message: 'the paperclip' });
    expect(pickerButton(el)!.getAttribute('aria-label')).to.equal('Joindre des fichiers');
    paste(el, new File(['x'], 'chanson.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => chips(el).length === 1, { message: 'the refused chip' });
    expect(chipsElement(el).shadowRoot!.querySelector('ul')!.getAttribute('aria-label')).to.equal('Fichiers à envoyer');
    expect(chips(el)[0]!.querySelector('[role="alert"]')?.textContent).to.equal('chanson.mp3 : un type de fichier que cette discussion n’accepte pas');
    expect(chips(el)[0]!.querySelector('button')!.getAttribute('aria-label')).to.equal('Retirer chanson.mp3');
  });

  it('a server without uploads (GET /uploads is a 404) gets no paperclip, even with adapter.attachments', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat
      endpoint=${await scenario('echo')}
      session=${uniqueSession('no-uploads')}
      .adapter=${{ attachments: true }}
    ></agent-chat>`);
    await composer(el).updateComplete;
    // The chunk the composer asked for (the same module), then the same cached answer its fitting waits for: both
    // were asked for by the composer first, so it has heard each before this test does.
    await import('../src/chunks/attachments.js');
    expect(await uploadLimits(new AgentClient({ endpoint: el.endpoint }))).to.equal(null);
    await composer(el).updateComplete;
    expect(composer(el).shadowRoot!.querySelector('agent-chat-file-picker')).to.equal(null);
  });

  it('without adapter.attachments the composer has no paperclip', async () => {
    const endpoint = await scenario('attachments');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('no-files')}></agent-chat>`);
    await composer(el).updateComplete;
    expect(composer(el).shadowRoot!.querySelector('agent-chat-file-picker')).to.equal(null);
    expect(composerButton(el).textContent?.trim()).to.equal('Send');
  });
});
