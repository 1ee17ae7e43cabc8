import type { AgentChat } from '@agent-chat/element';
import { toReference } from './board-context.js';
import { BoardView } from './board-view.js';
import { discoveryAdapter } from './chat-adapter.js';
import { deleteChat, fetchChat, newSessionId, restoreChat } from './chat-sync.js';
import { downloadDiscovery, parseDiscovery } from './discovery-file.js';
import { DiscoveryStore } from './discovery-store.js';
import type { Discovery, ModelInfo } from './discovery-types.js';
import { emptyDiscovery, largeDiscovery, sampleDiscovery } from './sample-discoveries.js';
import { proactiveSuggestions } from './suggestions.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const chat = $<AgentChat>('agent-chat');
const endpoint = chat.getAttribute('endpoint')!;
const store = new DiscoveryStore();

const board = new BoardView($('#board'), {
  onReferenceItem: (item) => chat.addReference(toReference(item)),
  onAddItem: (column, text) => store.addItem({ column, text }),
  onKeepItem: (id) => store.markReviewed(id),
});
const suggestions = proactiveSuggestions(store);
chat.adapter = discoveryAdapter(store, board, suggestions);
/** The conversations this page sent a message on: the server may hold those (the others it never saw). */
const sentOn = new Set<string>();
chat.addEventListener('agent-chat-message-sent', (event) => {
  sentOn.add(event.detail.sessionId);
  // A suggestion the analyst sent (its chip, or the same words typed) is not offered again until the board changes.
  suggestions.sent(event.detail.text);
});

store.subscribe((discovery) => {
  document.body.classList.toggle('has-discovery', Boolean(discovery));
  // The chat is there only with a discovery to talk about (FS-ChatWidgetHiddenWithoutDiscovery).
  chat.mode = discovery ? 'floating' : 'hidden';
  if (!discovery) return;
  const title = $<HTMLInputElement>('#title');
  const goal = $<HTMLInputElement>('#goal');
  if (document.activeElement !== title) title.value = discovery.title;
  if (document.activeElement !== goal) goal.value = discovery.goal;
  board.render(discovery);
  // The proactive suggestions follow the board: the element asks adapter.quickActions again.
  chat.contextChanged();
  $('#item-count').textContent = `${discovery.items.length} items · context ${discovery.items.length > 50 ? 'summarized' : 'in full'}`;
});

/** Show a discovery and put its chat back on the agent server before the element loads it. */
async function open(discovery: Discovery): Promise<void> {
  const before = store.current?.chat;
  // Only a conversation that was started is deleted: one never used is on no server (its DELETE would be a 404).
  const previous = before && (before.turns.length > 0 || sentOn.has(before.sessionId)) ? before.sessionId : undefined;
  let chatToShow = discovery.chat;
  try {
    chatToShow = await restoreChat(endpoint, discovery.chat);
  } catch (error) {
    notify(`${(error as Error).message} The board is open; the chat starts empty.`);
  }
  store.replace({ ...discovery, chat: chatToShow });
  chat.session = chatToShow.sessionId;
  if (previous && previous !== chatToShow.sessionId) void deleteChat(endpoint, previous);
}

/** Copy the conversation into the discovery, so localStorage and Export hold it (FS-ChatHistorySavedWithDiscovery). */
async function saveChat(): Promise<void> {
  const sessionId = store.current?.chat.sessionId;
  if (!sessionId) return;
  try {
    store.saveChat(await fetchChat(endpoint, sessionId));
  } catch (error) {
    notify((error as Error).message);
  }
}

function notify(message: string): void {
  const line = $('#notice');
  line.textContent = message;
  line.hidden = false;
  setTimeout(() => (line.hidden = true), 6000);
}

chat.addEventListener('agent-chat-run-finish', () => void saveChat());
// A reference chip in a reply (`[F-1]`) points at an item: show it on the board (FS-ChatAtMentionInResponse).
chat.addEventListener('agent-chat-reference', (event) => board.highlight(event.detail.id));

for (const [selector, make] of [
  ['#new', emptyDiscovery],
  ['#load-sample', sampleDiscovery],
  ['#load-large', largeDiscovery],
  ['#start-sample', sampleDiscovery],
  ['#start-new', emptyDiscovery],
] as const) {
  $(selector).addEventListener('click', () => void open(make(newSessionId())));
}

$('#export').addEventListener('click', async () => {
  await saveChat();
  if (store.current) downloadDiscovery(store.current);
});

const importFile = $<HTMLInputElement>('#import-file');
for (const selector of ['#import', '#start-import']) $(selector).addEventListener('click', () => importFile.click());
importFile.addEventListener('change', async () => {
  const file = importFile.files?.[0];
  importFile.value = '';
  if (!file) return;
  try {
    // An imported discovery gets a session of its own: importing the same file twice gives two independent copies.
    await open(parseDiscovery(await file.text(), newSessionId()));
  } catch (error) {
    notify(`Import failed: ${(error as Error).message}`);
  }
});

for (const selector of ['#title', '#goal']) {
  $(selector).addEventListener('change', () => store.rename($<HTMLInputElement>('#title').value.trim() || 'Untitled discovery', $<HTMLInputElement>('#goal').value.trim()));
}

void fetch(`${endpoint.replace(/\/agent$/, '')}/info`)
  .then((response) => response.json() as Promise<ModelInfo>)
  .then((info) => {
    const badge = $('#model');
    badge.textContent = info.offline ? 'Demo model: scripted, offline' : `Model: ${info.name}`;
    badge.classList.toggle('demo', info.offline);
    badge.title = info.offline
      ? 'No ANTHROPIC_API_KEY on the server: a scripted model plays the seed’s scenarios. Try “Add a fact that churn rose 4% citing @I-1”.'
      : 'Claude, with the same tools and system prompt as the demo model.';
  })
  .catch(() => undefined);

const saved = store.loadSaved();
if (saved) void open(saved);
else store.replace(null);
