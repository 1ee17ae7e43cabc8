import type { AgentChat } from '@agent-chat/element';
import { appClient } from './app-client.js';
import { slidesAdapter } from './chat-adapter.js';
import { el } from './dom.js';
import { EditorState } from './editor-state.js';
import { exportView } from './export-view.js';
import { imagesView } from './images-view.js';
import { promptsView } from './prompts-view.js';
import { slidesView } from './slides-view.js';
import { settingsDialog } from './settings-dialog.js';
import { renderStageBar } from './stage-bar.js';
import { styleView } from './style-view.js';

const CAROUSEL_KEY = 'lucid.carousel';

const chat = document.querySelector<AgentChat>('agent-chat');
if (!chat) throw new Error('index.html has no <agent-chat>');

// The carousel and its conversation share one id. Set before the element upgrades (this module runs first),
// so it never loads a conversation that is not this carousel's.
const carouselId = chooseCarouselId();
chat.setAttribute('session', carouselId);

function chooseCarouselId(): string {
  const fromUrl = new URLSearchParams(location.search).get('carousel');
  const id = fromUrl || localStorage.getItem(CAROUSEL_KEY) || newCarouselId();
  localStorage.setItem(CAROUSEL_KEY, id);
  return id;
}

function newCarouselId(): string {
  return `carousel-${crypto.randomUUID().slice(0, 8)}`;
}

const views: Record<number, (state: EditorState) => HTMLElement> = {
  1: slidesView,
  2: styleView,
  3: promptsView,
  4: imagesView,
  5: exportView,
};

function render(state: EditorState): void {
  document.getElementById('stage-bar')!.replaceChildren(renderStageBar(state));
  const main = document.getElementById('stage-view')!;
  main.dataset.stage = String(state.stage);
  main.replaceChildren((views[state.stage] ?? slidesView)(state));
  const notice = document.getElementById('notice')!;
  notice.hidden = !state.notice;
  notice.className = `notice ${state.notice?.kind ?? ''}`;
  notice.replaceChildren(
    state.notice?.text ?? '',
    el('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss', onclick: () => state.say(null) }, '×'),
  );
}

/**
 * While the agent runs, the page follows it from the stream: a slow tool sends the carousel after each slide (a
 * state event, through adapter.onStateChange), so nothing polls.
 */
function followChat(state: EditorState, element: HTMLElement): void {
  element.addEventListener('agent-chat-run-start', () => {
    state.chatRunning = true;
  });
  element.addEventListener('agent-chat-run-finish', () => {
    state.chatRunning = false;
    // A stop or an undo may not come with a state: read the carousel once more.
    void state.refresh();
  });
}

async function start(): Promise<void> {
  const [info, carousel] = await Promise.all([appClient.info(), appClient.carousel(carouselId)]);
  const state = new EditorState(carouselId, info, carousel);
  state.onChange(() => render(state));
  render(state);

  const badge = document.getElementById('model-badge')!;
  badge.textContent = info.demoModel ? 'Demo model' : info.modelName;
  badge.title = info.demoModel
    ? 'The offline scripted demo model plays the seed’s scenarios. Set ANTHROPIC_API_KEY on the server for Claude.'
    : 'Claude answers, with the same tools and system prompt.';
  badge.classList.toggle('demo', info.demoModel);
  document.getElementById('carousel-id')!.textContent = carouselId;
  const settings = settingsDialog(state);
  document.getElementById('open-settings')!.addEventListener('click', () => settings.open());
  document.getElementById('new-carousel')!.addEventListener('click', () => {
    localStorage.setItem(CAROUSEL_KEY, newCarouselId());
    location.replace(location.pathname);
  });

  followChat(state, chat!);
  await customElements.whenDefined('agent-chat');
  chat!.adapter = slidesAdapter(state);
  // A stage or a slide picked on the page changes the quick actions: one adapter, and the element is told to ask again.
  const chipsKey = () => `${state.stage}:${state.selectedSlide}`;
  let shown = chipsKey();
  state.onChange(() => {
    if (chipsKey() === shown) return;
    shown = chipsKey();
    chat!.contextChanged();
  });
}

start().catch((error: Error) => {
  document.getElementById('stage-view')!.replaceChildren(el('p', { class: 'notice error' }, `The editor could not start: ${error.message}`));
});
