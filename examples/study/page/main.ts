import type { AgentChat, AgentChatAdapter } from '@agent-chat/element';
import { appApi, learnerId } from './app-api.js';
import { renderDeck } from './deck-panel.js';
import { documentItem, renderSidebar } from './library-sidebar.js';
import { renderNotes } from './notes-panel.js';
import { pageContext } from './page-context.js';
import { studyPageTools } from './page-tools.js';
import { renderPractice } from './practice-panel.js';
import { readHash, renderReader } from './reader.js';
import { StudyState } from './study-state.js';
import { studyTriggers } from './triggers.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

async function start(): Promise<void> {
  const state = new StudyState(learnerId());
  // Set the adapter on the upgraded element: a property set before the upgrade would hide the element's own.
  await customElements.whenDefined('agent-chat');
  const chat = $<AgentChat>('agent-chat');
  const [info, library] = await Promise.all([appApi.info(), appApi.library()]);
  state.library = library;

  const badge = $('#model-badge');
  badge.textContent = info.offline ? 'Demo model · scripted, offline' : `Claude · ${info.name}`;
  badge.title = info.offline
    ? 'No ANTHROPIC_API_KEY on the server: a scripted demo model plays a few study scenarios with the real tools.'
    : 'The agent runs on Claude.';
  badge.classList.toggle('demo', info.offline);

  const triggers = studyTriggers(chat, state);
  renderSidebar($('#library'), state, (doc) => chat.attach(documentItem(doc)));
  const reader = renderReader($('#reader'), state, { onTurn: triggers.pageChange, onHighlight: triggers.highlightCreated });
  const notes = renderNotes($('#notes'), state);
  const deck = renderDeck($('#deck'), state, triggers.flashcardStruggle);
  renderPractice($('#practice'), state, triggers.questionWrong);
  // A wrong answer the agent will not explain after all (another was explained within the cooldown, or it waited too
  // long for the chat to be free): the page stops promising it. A held one is sent when the chat is idle.
  chat.addEventListener('agent-chat-trigger-dropped', (event) => {
    const feedback = document.querySelector('#practice .feedback.wrong');
    if (event.detail.name === 'questionWrong' && feedback) feedback.textContent = 'Not quite. Try again, or ask the study agent about it.';
  });

  const adapter: AgentChatAdapter = {
    getContext: () => pageContext(state, reader.article),
    tools: studyPageTools(state, { notes, deck, reader }),
    // Files from the learner's computer (the paperclip, paste, drop): a photo of a textbook page, lecture slides, notes.
    // Documents dragged from the library sidebar stay the page's own items (chat.attach above).
    attachments: true,
    // The showcase and two more, one click away: what a newcomer (or the demo model) can do right now.
    quickActions: () => [
      { label: 'Flashcards from this page', text: 'Make flashcards from this page' },
      { label: 'Fix my notes', text: 'Fix my notes' },
      { label: 'Quiz me', text: 'Quiz me on my flashcards' },
    ],
  };
  chat.adapter = adapter;

  const follow = () => {
    const { documentId, page } = readHash();
    void state.open(documentId && library.some((d) => d.id === documentId) ? documentId : library[0]!.id, page);
  };
  addEventListener('hashchange', follow);
  follow();
}

start().catch((error: unknown) => {
  $('#reader').textContent = `The study app could not start: ${error instanceof Error ? error.message : String(error)}`;
});
