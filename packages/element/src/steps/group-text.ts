import type { TurnGroup } from './turn-steps.js';

const texts = new WeakMap<TurnGroup, string>();

/**
 * A group's words as plain text: what a group far from the viewport shows instead of its parts, so that
 * find-in-page and a screen reader's reading of the log still meet them. Groups are immutable once finished, so
 * each is read once.
 */
export function groupText(group: TurnGroup): string {
  let text = texts.get(group);
  if (text !== undefined) return text;
  const lines: string[] = [];
  if (group.user) lines.push(group.user.text);
  for (const step of group.steps) {
    switch (step.kind) {
      case 'assistant':
        lines.push(step.turn.text);
        break;
      case 'status':
        lines.push(step.turn.text);
        break;
      case 'error':
        lines.push(step.turn.message);
        break;
      case 'tool':
      case 'answer':
      case 'confirm':
        lines.push(step.call.name);
        break;
      case 'thinking':
        // Collapsed in the full view too.
        break;
    }
  }
  text = lines.join('\n\n');
  texts.set(group, text);
  return text;
}
