import type { AgentChat } from '@agent-chat/element';

// The two prompts the page suggests, sent as if typed: the offline demo model answers each with its server's tool.
const chat = document.querySelector('agent-chat') as AgentChat;
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-ask]')) {
  button.addEventListener('click', () => void chat.send(button.dataset['ask']!).catch(() => undefined));
}
