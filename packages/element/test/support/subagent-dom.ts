// Reading the sub-agent tree the element draws (features/subagent-tree), shared by the sub-agent tests.
import type { AgentChat } from '../../src/agent-chat.js';
import type { SubagentNode } from '../../src/features/subagent-tree/subagent-node.js';
import { deepAll, messageList, shownText } from './dom.js';
import { waitFor } from './wait.js';

/** The sub-agents drawn in the conversation, nested ones included, in document order. */
export function subagents(el: AgentChat): SubagentNode[] {
  return deepAll<SubagentNode>(messageList(el).shadowRoot!, 'agent-chat-subagent');
}

export function toggleOf(node: SubagentNode): HTMLButtonElement {
  const button = node.shadowRoot?.querySelector<HTMLButtonElement>('[part~="subagent-summary"]');
  if (!button) throw new Error('the sub-agent has no toggle');
  return button;
}

/** The sub-agent whose toggle is named for `label`, once it is drawn. */
export function node(el: AgentChat, label: string): Promise<SubagentNode> {
  return waitFor(() => subagents(el).find((each) => toggleOf(each).getAttribute('aria-label')?.startsWith(`Sub-agent ${label}:`)), {
    message: `the sub-agent ${label}`,
  });
}

/** A sub-agent's own steps (not its nested sub-agents'), each as its kind and what it shows. */
export function steps(node: SubagentNode): string[] {
  const group = node.shadowRoot?.querySelector('agent-chat-turn')?.shadowRoot?.querySelector('[part~="turn"]');
  return Array.from(group?.children ?? [], (step) => {
    if (step.localName === 'agent-chat-tool-chip') {
      const inner = step.shadowRoot?.querySelector<SubagentNode>('agent-chat-subagent');
      return inner ? `sub-agent ${toggleOf(inner).getAttribute('aria-label')}` : `tool ${shownText(step.shadowRoot!.querySelector('.label')!)}`;
    }
    if (step.localName === 'agent-chat-thinking') return 'thinking';
    return `${step.localName.replace('agent-chat-', '')} ${shownText(step)}`;
  });
}

/** The sub-agent whose steps hold `node`. */
export function parentOf(node: SubagentNode): SubagentNode | undefined {
  let at: Node | null = node;
  for (;;) {
    at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null);
    if (!at || (at as Element).localName === 'agent-chat-subagent') return (at as SubagentNode | null) ?? undefined;
  }
}

/** The whole tree under `node`, opened: its steps, then each nested sub-agent's, indented. */
export async function openTree(node: SubagentNode, depth = 0): Promise<string[]> {
  if (!node.open) toggleOf(node).click();
  await waitFor(() => node.shadowRoot?.querySelector('agent-chat-turn'), { message: 'the sub-agent’s steps' });
  await waitFor(() => steps(node).length > 0 && !steps(node).some((step) => step.endsWith(' ')), { message: 'its steps drawn' });
  const lines = [`${'  '.repeat(depth)}${toggleOf(node).getAttribute('aria-label')}`];
  for (const step of steps(node)) lines.push(`${'  '.repeat(depth + 1)}${step}`);
  const turn = node.shadowRoot!.querySelector('agent-chat-turn')!;
  for (const nested of deepAll<SubagentNode>(turn.shadowRoot!, 'agent-chat-subagent').filter((each) => parentOf(each) === node)) {
    lines.push(...(await openTree(nested, depth + 1)));
  }
  return lines;
}

