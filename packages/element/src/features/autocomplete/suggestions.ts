import type { CommandDescriptor, Item } from '@agent-chat/protocol';
import type { MentionGroup } from '../../context/adapter.js';
import type { Suggestion, SuggestionGroup } from '../../context/suggestions.js';

/**
 * Commands whose name starts with what was typed after `/`, then those that merely contain it. The one named
 * exactly comes first, so it is the active option: Enter runs it (see `runsAsTyped`).
 */
export function commandSuggestions(commands: readonly CommandDescriptor[], query: string): SuggestionGroup[] {
  const q = query.toLowerCase();
  const exact = commands.filter((command) => command.name.toLowerCase() === q);
  const starts = [...exact, ...commands.filter((command) => !exact.includes(command) && command.name.toLowerCase().startsWith(q))];
  const contains = commands.filter((command) => !starts.includes(command) && command.name.toLowerCase().includes(q));
  const options = [...starts, ...contains].map((command): Suggestion => ({ kind: 'command', id: `command-${command.name}`, command }));
  return options.length ? [{ label: '', options }] : [];
}

/**
 * Whether Enter on this option sends the message rather than completing it: the command is typed out in full
 * (`/next`) and needs no argument. `/ne`, or `/stage` that wants a number, is completed instead.
 */
export function runsAsTyped(option: Suggestion | undefined, query: string): boolean {
  return option?.kind === 'command' && option.command.name.toLowerCase() === query.toLowerCase() && !option.command.args.some((arg) => arg.required);
}

/**
 * The adapter's items that match what follows the `@` (id, title or text, ignoring case), in its groups.
 * Filtered here too, so an adapter may simply return everything it has.
 */
export function mentionSuggestions(groups: readonly MentionGroup[], query: string, perGroup = 8): SuggestionGroup[] {
  const q = query.toLowerCase();
  const result: SuggestionGroup[] = [];
  for (const group of groups) {
    const options = group.items
      .filter((item) => !q || [item.id, item.title, item.text].some((field) => field?.toLowerCase().includes(q)))
      .slice(0, perGroup)
      .map((item): Suggestion => ({ kind: 'mention', id: `mention-${group.type}-${item.id}`, item, group: group.type }));
    if (options.length) result.push({ label: group.label, options });
  }
  return result;
}

/**
 * The adapter's answer as groups: the documented `[{ type, label, items }]`, or a flat list of items, grouped
 * here by their `group` (or `type`) in the order they come, since a host page often has its items in one list.
 */
export function toMentionGroups(answer: readonly unknown[] | undefined | null): MentionGroup[] {
  const groups: MentionGroup[] = [];
  const byName = new Map<string, Item[]>();
  for (const entry of answer ?? []) {
    if (!entry || typeof entry !== 'object') continue;
    if (Array.isArray((entry as MentionGroup).items)) {
      groups.push(entry as MentionGroup);
      continue;
    }
    const item = entry as Item & { group?: unknown };
    if (typeof item.id !== 'string') continue;
    const name = typeof item.group === 'string' ? item.group : (item.type ?? '');
    let items = byName.get(name);
    if (!items) {
      items = [];
      byName.set(name, items);
      groups.push({ type: name, label: name, items });
    }
    const { group: _group, ...plain } = item;
    items.push(plain);
  }
  return groups;
}
