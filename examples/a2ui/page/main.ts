import type { AgentChat } from '@agent-chat/element';

// The prompt the page suggests, sent as if typed: the offline demo model answers it with the booking form.
const chat = document.querySelector('agent-chat') as AgentChat;
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-ask]')) {
  button.addEventListener('click', () => void chat.send(button.dataset['ask']!).catch(() => undefined));
}
