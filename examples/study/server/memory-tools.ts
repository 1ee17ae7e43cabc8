import { defineTool } from '@agent-chat/server';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Memory, MemoryType } from '../page/study-types.js';
import type { LearnerStore } from './learner-store.js';
import { studyContext } from './page-context.js';

const memoryType = z.enum(['goal', 'preference', 'struggle', 'strength', 'fact']);
/** The seed's open question "memory cap": we keep the newest 50 of each type. */
const PER_TYPE_CAP = 50;

const views: Record<string, MemoryType[] | undefined> = { profile: undefined, goals: ['goal'], struggles: ['struggle'] };

/** readMemory, updateMemory, forgetMemory (seed 004, Memory System): explicit updates the agent makes with tools. */
export function memoryTools(store: LearnerStore) {
  const readMemory = defineTool({
    name: 'readMemory',
    description: 'Read what you remember about the user: the whole profile, or only goals or struggles. Each memory has an id for updateMemory and forgetMemory.',
    input: z.object({ type: z.enum(['profile', 'goals', 'struggles']).default('profile') }),
    label: 'Reading your profile',
    execute: async ({ type }, { context }) => {
      const memories = await store.memories(studyContext(context).learnerId);
      const wanted = views[type];
      const selected = wanted ? memories.filter((m) => wanted.includes(m.type)) : memories;
      return selected.length ? selected.map(({ id, type, content, source }) => ({ id, type, content, source })) : 'Nothing remembered yet.';
    },
  });

  const updateMemory = defineTool({
    name: 'updateMemory',
    description:
      'Remember something about the user. add: a new memory. update: replace memoryId, or the newest memory of this type when no id is given (the user corrected it). remove: drop memoryId. Use source "inferred" only after the user agreed.',
    input: z.object({
      type: memoryType,
      operation: z.enum(['add', 'update', 'remove']),
      content: z.string().min(1).max(500),
      memoryId: z.string().optional(),
      source: z.enum(['explicit', 'inferred']).default('explicit'),
    }),
    label: (input) => (input.operation === 'remove' ? 'Forgetting' : `Remembering: ${input.content.slice(0, 50)}`),
    execute: async ({ type, operation, content, memoryId, source }, { context }) => {
      const learnerId = studyContext(context).learnerId;
      const now = Date.now();
      let outcome = '';
      await store.updateMemories(learnerId, (memories) => {
        if (operation === 'remove') {
          const target = findTarget(memories, memoryId, type, content);
          outcome = `Removed: ${target.content}`;
          return memories.filter((m) => m.id !== target.id);
        }
        const existing = operation === 'update' ? (memoryId ? findTarget(memories, memoryId, type, content) : newestOfType(memories, type)) : undefined;
        if (existing) {
          outcome = `Updated ${existing.id}: "${existing.content}" → "${content}"`;
          return memories.map((m) => (m.id === existing.id ? { ...m, content, source, confidence: source === 'explicit' ? 1 : 0.7, updatedAt: now } : m));
        }
        const memory: Memory = { id: `mem-${randomUUID().slice(0, 8)}`, type, content, source, confidence: source === 'explicit' ? 1 : 0.7, createdAt: now, updatedAt: now };
        outcome = `Remembered ${memory.id} (${type}): ${content}`;
        return capPerType([...memories, memory], type);
      });
      return outcome;
    },
  });

  const forgetMemory = defineTool({
    name: 'forgetMemory',
    description: 'Forget one memory by id (ids from readMemory).',
    input: z.object({ memoryId: z.string() }),
    label: 'Forgetting a memory',
    execute: async ({ memoryId }, { context }) => {
      let removed = '';
      await store.updateMemories(studyContext(context).learnerId, (memories) => {
        const target = findTarget(memories, memoryId);
        removed = target.content;
        return memories.filter((m) => m.id !== memoryId);
      });
      return `Forgotten: ${removed}`;
    },
  });

  return [readMemory, updateMemory, forgetMemory];
}

function findTarget(memories: Memory[], memoryId: string | undefined, type?: MemoryType, content?: string): Memory {
  const found = memoryId
    ? memories.find((m) => m.id === memoryId)
    : memories.find((m) => m.type === type && content !== undefined && m.content.toLowerCase().includes(content.toLowerCase()));
  if (!found) {
    const ids = memories.map((m) => `${m.id} (${m.type}: ${m.content.slice(0, 40)})`).join('; ') || 'none';
    throw new Error(`No memory ${memoryId ? `with id "${memoryId}"` : `of type ${type} matching "${content}"`}. Memories: ${ids}.`);
  }
  return found;
}

/** Recent updates win over older ones (seed 004, Conflict Resolution): an update without an id edits the newest. */
function newestOfType(memories: Memory[], type: MemoryType): Memory | undefined {
  return memories.filter((m) => m.type === type).sort((a, b) => b.updatedAt - a.updatedAt)[0];
}

function capPerType(memories: Memory[], type: MemoryType): Memory[] {
  const ofType = memories.filter((m) => m.type === type);
  if (ofType.length <= PER_TYPE_CAP) return memories;
  // Inferred memories go first, then the oldest: explicit updates always win over inferred ones.
  const drop = new Set(
    [...ofType].sort((a, b) => Number(a.source === 'explicit') - Number(b.source === 'explicit') || a.updatedAt - b.updatedAt).slice(0, ofType.length - PER_TYPE_CAP).map((m) => m.id),
  );
  return memories.filter((m) => !drop.has(m.id));
}
