import type { Turn } from '@agent-chat/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchOff, branchPoints, findTurn, switchBranch } from '../src/session/branches.js';
import type { Fork } from '../src/session/fork.js';
import { newSessionRecord, type SessionRecord } from '../src/session/session-record.js';

// The branch tree (session/branches.ts) under any sequence of messages, replies, edits, retries and switches:
// nothing is ever lost or kept twice, every branch point the path shows can be switched to and back, and a fork's
// alternatives stay where they were made.

type Op =
  | { kind: 'message' }
  | { kind: 'reply'; turns: number }
  | { kind: 'edit'; pick: number }
  | { kind: 'retry' }
  | { kind: 'switch'; pick: number; index: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'message' }),
  fc.record({ kind: fc.constant('reply' as const), turns: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat() }),
  fc.constant<Op>({ kind: 'retry' }),
  fc.record({ kind: fc.constant('switch' as const), pick: fc.nat(), index: fc.nat({ max: 4 }) }),
);

/** Every turn the session holds, on the path and put aside, by id. */
function allIds(session: SessionRecord): string[] {
  const ids: string[] = session.turns.map((turn) => turn.id);
  const walk = (forks: readonly Fork[] | undefined) => {
    for (const fork of forks ?? []) {
      for (const branch of fork.branches) {
        if (!branch) continue;
        ids.push(...branch.turns.map((turn) => turn.id));
        walk(branch.forks);
      }
    }
  };
  walk(session.forks);
  return ids;
}

function play(ops: readonly Op[]): void {
  const session = newSessionRecord('s');
  const made: string[] = [];
  let next = 0;
  const add = (type: 'user' | 'assistant_text') => {
    const turn = { id: `t${++next}`, createdAt: next, type, text: `${type} ${next}` } as Turn;
    session.turns.push(turn);
    made.push(turn.id);
  };
  for (const step of ops) {
    const users = session.turns.flatMap((turn, at) => (turn.type === 'user' ? [at] : []));
    if (step.kind === 'message') add('user');
    else if (step.kind === 'reply') for (let count = 0; count < step.turns; count++) add('assistant_text');
    else if (step.kind === 'edit' && users.length > 0) {
      expect(branchOff(session, users[step.pick % users.length]!)).toBeUndefined();
      add('user');
    } else if (step.kind === 'retry' && users.length > 0) {
      expect(branchOff(session, users.at(-1)! + 1)).toBeUndefined();
      add('assistant_text');
    } else if (step.kind === 'switch') {
      const points = branchPoints(session);
      if (points.length === 0) continue;
      const point = points[step.pick % points.length]!;
      const before = session.turns.map((turn) => turn.id);
      const target = step.index % point.count;
      expect(switchBranch(session, point.turnId, target)).toBeUndefined();
      // The path before the fork is unchanged, so the version shown starts where the one it replaced did.
      const at = before.indexOf(point.turnId);
      expect(session.turns.slice(0, at).map((turn) => turn.id)).toEqual(before.slice(0, at));
      const shown = branchPoints(session).find((candidate) => candidate.turnId === session.turns[at]?.id);
      expect(shown, 'the version switched to is a branch point of the new path').toMatchObject({ index: target, count: point.count });
      // And back: the path is what it was.
      expect(switchBranch(session, shown!.turnId, point.index)).toBeUndefined();
      expect(session.turns.map((turn) => turn.id)).toEqual(before);
      if (target !== point.index) expect(switchBranch(session, point.turnId, target)).toBeUndefined();
    }
    // Nothing lost, nothing kept twice; each fork of the path hangs on a turn of the path; each turn can be found.
    const ids = allIds(session);
    expect([...ids].sort()).toEqual([...made].sort());
    const onPath = new Set(session.turns.map((turn) => turn.id));
    for (const fork of session.forks ?? []) {
      if (fork.after !== null) expect(onPath.has(fork.after)).toBe(true);
      expect(fork.branches[fork.current]).toBeNull();
      expect(fork.branches.filter((branch) => branch === null)).toHaveLength(1);
    }
    for (const id of made) expect(findTurn(session, id)?.id).toBe(id);
  }
}

describe('branches', () => {
  it('keeps every turn exactly once and every version reachable, whatever the edits, retries and switches', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), (ops) => play(ops)), { numRuns: 300 });
  });

  it('an edit of the first message forks before the first turn', () => {
    const session = newSessionRecord('s');
    session.turns.push({ id: 'u1', createdAt: 1, type: 'user', text: 'hi' }, { id: 'a1', createdAt: 2, type: 'assistant_text', text: 'hello' });
    branchOff(session, 0);
    session.turns.push({ id: 'u2', createdAt: 3, type: 'user', text: 'hey' });
    expect(session.forks).toEqual([{ after: null, current: 1, branches: [{ turns: [expect.objectContaining({ id: 'u1' }), expect.objectContaining({ id: 'a1' })] }, null] }]);
    expect(branchPoints(session)).toEqual([{ turnId: 'u2', index: 1, count: 2 }]);
    switchBranch(session, 'u2', 0);
    expect(session.turns.map((turn) => turn.id)).toEqual(['u1', 'a1']);
  });
});
