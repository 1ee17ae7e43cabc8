import type { ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import type { MemoryType } from '../../page/study-types.js';
import { lastResultOf, outputText } from './history.js';

/** The kind of memory a sentence is about, guessed from its words (a real model understands them). */
function memoryTypeOf(content: string): MemoryType {
  if (/\b(exam|preparing|prepare|taking|goal|test|revis)/i.test(content)) return 'goal';
  if (/\b(struggle|hard|confus|difficult|stuck)/i.test(content)) return 'struggle';
  if (/\b(good at|strong|easy for me)/i.test(content)) return 'strength';
  if (/\b(prefer|like|rather|want)/i.test(content)) return 'preference';
  return 'fact';
}

/** "Remember that I …": updateMemory, explicit. A correction ("…, not …", "actually") updates the newest of its type. */
export function remember(since: readonly Turn[], content: string): ScriptedRun {
  const type = memoryTypeOf(content);
  const operation = /\b(not|actually|instead)\b/i.test(content) ? 'update' : 'add';
  const result = lastResultOf(since, 'updateMemory');
  return [
    [{ tool: 'updateMemory', input: { type, operation, content, source: 'explicit' } }],
    [{ text: result?.isError ? `I could not save that: ${outputText(result)}` : `Got it! I'll remember that (${type}): “${content}”.` }],
  ];
}

/** "What do you remember about me?": readMemory. */
export function recall(since: readonly Turn[]): ScriptedRun {
  const result = lastResultOf(since, 'readMemory');
  const memories = Array.isArray(result?.output) ? (result.output as { type: string; content: string }[]) : [];
  return [
    [{ tool: 'readMemory', input: { type: 'profile' } }],
    [{ text: memories.length ? `Here is what I remember:\n\n${memories.map((m) => `- *${m.type}*: ${m.content}`).join('\n')}` : 'I do not remember anything about you yet. Tell me “remember that I …”.' }],
  ];
}

/** "Forget that I …": readMemory to find its id, then forgetMemory. */
export function forget(since: readonly Turn[], about: string): ScriptedRun {
  const read = lastResultOf(since, 'readMemory');
  const memories = Array.isArray(read?.output) ? (read.output as { id: string; content: string }[]) : [];
  const words = about.toLowerCase().split(/\W+/).filter((w) => w.length > 3);
  const target = memories.find((m) => words.some((w) => m.content.toLowerCase().includes(w)));
  const result = lastResultOf(since, 'forgetMemory');
  return [
    [{ tool: 'readMemory', input: { type: 'profile' } }],
    target ? [{ tool: 'forgetMemory', input: { memoryId: target.id } }] : [{ text: `I have no memory about “${about}”.` }],
    [{ text: result?.isError ? `That failed: ${outputText(result)}` : `Forgotten: “${target?.content}”.` }],
  ];
}
