import type { TurnGroup } from './turn-steps.js';

/**
 * A group's words as plain text: what a group far from the viewport shows instead of its parts, so that
 * find-in-page and a screen reader's reading of the log still meet them. Not kept: the stand-in's text node holds it.
 */
export function groupText(group: TurnGroup): string {
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
  return lines.join('\n\n');
}
