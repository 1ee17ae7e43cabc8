import type { AgentChat, AgentChatAdapter } from '@agent-chat/element';
import { confirmClear } from './confirm-clear.js';
import { editorView } from './editor-view.js';
import { personaClient } from './persona-client.js';
import { sessionIdFor } from './persona-session.js';
import type { PersonaWithInputs } from './persona-types.js';

const LAST_PERSONA = 'agent-chat-example:persona';
const chat = document.querySelector('agent-chat') as AgentChat;
const picker = document.getElementById('persona-picker') as HTMLSelectElement;
const badge = document.getElementById('model-badge')!;

function rememberedPersona(): string {
  const fromUrl = new URLSearchParams(location.search).get('persona');
  try {
    return fromUrl ?? localStorage.getItem(LAST_PERSONA) ?? 'optimist';
  } catch {
    return fromUrl ?? 'optimist';
  }
}

// Synchronous, before the element's script runs: it starts with this persona's session and no other.
let personaId = rememberedPersona();
chat.setAttribute('session', sessionIdFor(personaId));

const editor = editorView({
  rename: (name) => personaClient.updatePersona(personaId, { name }).then(() => refresh()),
  setSystemPrompt: (systemPrompt) => personaClient.updatePersona(personaId, { systemPrompt }).then(() => refresh()),
  addInput: (content) => personaClient.createTestInput(personaId, content).then(() => refresh()),
  updateInput: (id, content) => personaClient.updateTestInput(personaId, id, content).then(() => refresh()),
  deleteInput: (id) => personaClient.deleteTestInput(personaId, id).then(() => refresh()),
});

/** Show a persona's current data; `fromAgent` flashes what changed. Also keeps the picker's label current. */
function show(data: PersonaWithInputs, fromAgent = false) {
  if (data.persona.id !== personaId) return; // a late answer about a persona the user has left
  editor.show(data, fromAgent);
  const option = [...picker.options].find((o) => o.value === data.persona.id);
  if (option) option.textContent = data.persona.name;
}

async function refresh(fromAgent = false) {
  const id = personaId;
  try {
    show(await personaClient.load(id), fromAgent);
  } catch (error) {
    if (id === personaId) editor.showError(`Could not load persona "${id}": ${(error as Error).message}`);
  }
}

function select(id: string): Promise<void> {
  personaId = id;
  picker.value = id;
  chat.setAttribute('session', sessionIdFor(id));
  const url = new URL(location.href);
  url.searchParams.set('persona', id);
  history.replaceState(null, '', url);
  try {
    localStorage.setItem(LAST_PERSONA, id);
  } catch {
    // Storage blocked: the URL still names the persona.
  }
  return refresh();
}

const adapter: AgentChatAdapter = {
  getContext: () => ({ personaId }),
  // Each agent write streams the persona's new state: the editor follows the agent step by step.
  onStateChange: (state) => {
    const data = state as PersonaWithInputs | undefined;
    if (data?.persona) show(data, true);
  },
  quickActions: () => [
    { label: 'Show the prompt', text: "What is this persona's system prompt?" },
    { label: 'List test inputs', text: 'What test inputs do I have?' },
    { label: 'What can you do?', text: 'What can you do?' },
  ],
};
chat.adapter = adapter;
// The run's end is the one moment everything the agent did is saved: read it all once more from the app's API.
chat.addEventListener('agent-chat-run-finish', () => void refresh(true));

picker.addEventListener('change', () => void select(picker.value));

document.getElementById('new-persona')!.addEventListener('click', async () => {
  try {
    const persona = await personaClient.createPersona('New persona');
    picker.add(new Option(persona.name, persona.id));
    await select(persona.id);
  } catch (error) {
    editor.showError(`Could not create a persona: ${(error as Error).message}`);
    return;
  }
  // Ready to be renamed: typing replaces the placeholder name.
  const name = document.getElementById('persona-name') as HTMLInputElement;
  name.focus();
  name.select();
});

// Clear = forget this persona's conversation on the server (DELETE of its session); the next message starts fresh.
// Both Clear buttons ask first.
const clearing = confirmClear({
  personaName: () => picker.selectedOptions[0]?.textContent ?? personaId,
  clear: () => chat.clear(),
});
for (const button of document.querySelectorAll('#clear-chat, [data-clear-chat]')) button.addEventListener('click', () => clearing.ask());

async function start() {
  const [info, personas] = await Promise.all([personaClient.info(), personaClient.listPersonas()]);
  badge.textContent = info.demo ? 'Demo model · offline, scripted' : `Claude · ${info.model.replace(/^anthropic:/, '')}`;
  badge.title = info.demo
    ? 'No ANTHROPIC_API_KEY on the server: a scripted demo model plays the seed’s requests with the real tools.'
    : 'The agent runs on Claude with the same tools and system prompt.';
  badge.classList.toggle('demo', info.demo);
  badge.hidden = false;
  picker.replaceChildren(...personas.map((p) => new Option(p.name, p.id)));
  const known = personas.some((p) => p.id === personaId);
  if (!known && personas[0]) await select(personas[0].id);
  else if (known) await select(personaId);
  else editor.showError('There are no personas: create one with “New persona”.');
}

start().catch((error: Error) => editor.showError(`Could not reach the persona API: ${error.message}`));
