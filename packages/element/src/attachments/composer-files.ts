import { ContextConsumer } from '@lit/context';
import type { AgentChat } from '../agent-chat.js';
import { conversationContext } from '../conversation/conversation-context.js';
import { draftContext } from '../draft/draft-context.js';
import { attachmentsEn } from '../i18n/attachment-strings.js';
import { resolveTable } from '../i18n/locales.js';
import type { Composer } from '../parts/composer.js';
import { agentHost, uploadLimits } from './agent-host.js';
import type { FileChips } from './file-chips.js';
import type { FilePicker } from './file-picker.js';
import { UploadTray } from './upload-tray.js';

const fitted = new WeakSet<Composer>();

/**
 * Gives a composer whose adapter has `attachments: true` its files, once the server has said it takes uploads
 * (GET /uploads): the paperclip beside the input, the chips above it, paste and drop, Send held while a file uploads,
 * and the uploaded files sent with the message. All of it is set up from here, on the composer's own nodes and through its
 * reactive-controller hooks, so that the composer (in every plain conversation's bytes) holds only the call to this
 * (see chunks/attachments.ts): the chips go in before its form and the picker first in the form, static places that its
 * template never redraws.
 */
export function fitComposer(composer: Composer): void {
  if (fitted.has(composer)) return;
  const host = agentHost(composer);
  if (!host?.adapter?.attachments) return;
  fitted.add(composer);
  uploadLimits(host).then((limits) => {
    if (!limits) return;
    const tray = new UploadTray(host, () => composer.requestUpdate());
    tray.limits = limits;
    const draft = new ContextConsumer(composer, { context: draftContext, subscribe: true });
    const conversation = new ContextConsumer(composer, { context: conversationContext, subscribe: true });
    const chips = document.createElement('agent-chat-file-chips') as FileChips;
    const picker = document.createElement('agent-chat-file-picker') as FilePicker;
    chips.tray = picker.tray = tray;
    let heldSend = false;
    composer.addController({
      hostUpdated() {
        const form = composer.renderRoot.querySelector('form');
        if (form && !picker.isConnected) {
          form.before(chips);
          form.prepend(picker);
        }
        chips.requestUpdate();
        // Send waits for the uploads: disabled while one is in flight, and given back the composer's own state after.
        const send = composer.renderRoot.querySelector<HTMLButtonElement>('.send');
        if (send && (tray.busy || heldSend)) {
          send.disabled = tray.busy || !composer.value.trim();
          heldSend = tray.busy;
        }
      },
    });
    // The uploaded files go in the draft just before it is sent, so the composer sends them with its own attachments.
    const submit = composer.submit.bind(composer);
    composer.submit = () => {
      if (tray.busy) return;
      // Only when the composer will send (it has text, and is not locked while a reply streams): else they stay chips.
      if (composer.value.trim() && !(composer.locked && conversation.value?.running)) for (const file of tray.take()) draft.value?.attach(file);
      submit();
    };
    listen(composer, tray, host);
    composer.requestUpdate();
  }, () => {
    // The server could not be asked (offline, a 500): asked again at the composer's next update, but not before
    // RETRY_MS, since the composer updates with every key and every streamed piece of a reply.
    setTimeout(() => fitted.delete(composer), RETRY_MS);
  });
}

/** How long a composer waits before asking a server that failed for its upload limits again. */
const RETRY_MS = 15_000;

/**
 * Files pasted into the input or dropped on the composer join the tray; text pastes and host items go on as before.
 * While files are dragged over it the composer shows its drop outline (its own `data-dropping` style).
 */
function listen(composer: Composer, tray: UploadTray, host: AgentChat): void {
  const texts = () => resolveTable(attachmentsEn, host.locale, host.strings);
  const carriesFiles = (event: DragEvent) => Boolean(event.dataTransfer?.types.includes('Files'));
  // dragenter and dragleave fire for each child crossed: the outline goes when the count is back to none.
  let depth = 0;
  const outline = (on: boolean) => composer.renderRoot.querySelector('.composer')?.toggleAttribute('data-dropping', on);
  composer.addEventListener('paste', (event) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    tray.add(files, texts());
  });
  composer.addEventListener('dragenter', (event) => {
    if (carriesFiles(event) && ++depth === 1) outline(true);
  });
  composer.addEventListener('dragleave', (event) => {
    if (carriesFiles(event) && --depth === 0) outline(false);
  });
  composer.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer!.dropEffect = 'copy';
  });
  composer.addEventListener('drop', (event) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    // The shell hears drops too (for host items): this one is handled.
    event.stopPropagation();
    depth = 0;
    outline(false);
    tray.add(files, texts());
  });
}
