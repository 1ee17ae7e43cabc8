import type { BranchPoint, PendingCall, Turn } from '@agent-chat/protocol';
import type { Fork, StashedBranch } from './fork.js';
import type { SessionRecord } from './session-record.js';

// Retry and edit branch the conversation; the alternatives put aside are kept as forks (their shape: fork.ts).

/** The most alternatives one fork keeps: past it, a retry or an edit there is refused (409). */
export const MAX_BRANCHES = 20;

/** Why the path could not branch or switch; `field` is the request field at fault. */
export interface BranchRefusal {
  status: 400 | 404 | 409;
  code: 'invalid_request' | 'not_found' | 'conflict' | 'session_full';
  message: string;
}

/**
 * The whole conversation's size, the alternatives put aside included, for the session's caps (sessionSizeIssue):
 * branching moves turns off the path without freeing them, so a retry or an edit is refused once the whole is full.
 * Counted on each branching only (the alternatives are read then anyway), never on a run's steps.
 */
export function wholeSize(session: SessionRecord): { turns: number; chars: number } {
  let turns = session.turns.length;
  const count = (forks: readonly Fork[] | undefined): void => {
    for (const fork of forks ?? []) {
      for (const branch of fork.branches) {
        if (!branch) continue;
        turns += branch.turns.length;
        count(branch.forks);
      }
    }
  };
  count(session.forks);
  return { turns, chars: (session.historyChars ?? 0) + (session.forks ? JSON.stringify(session.forks).length : 0) };
}

/** The forks of the path whose `after` is one of these turns: they belong to those turns' branch. */
function forksWithin(forks: readonly Fork[], turns: readonly Turn[]): Fork[] {
  const ids = new Set(turns.map((turn) => turn.id));
  return forks.filter((fork) => fork.after !== null && ids.has(fork.after));
}

function afterOf(turns: readonly Turn[], index: number): string | null {
  return index > 0 ? turns[index - 1]!.id : null;
}

/** What leaves the path from `index` on, with what belongs to it (its forks, its pending calls). */
function stash(session: SessionRecord, index: number): { branch: StashedBranch; others: Fork[] } {
  const turns = session.turns.slice(index);
  const all = session.forks ?? [];
  const inner = forksWithin(all, turns);
  const branch: StashedBranch = {
    turns,
    ...(inner.length > 0 ? { forks: inner } : {}),
    ...(session.pending.length > 0 ? { pending: session.pending } : {}),
  };
  return { branch, others: all.filter((fork) => !inner.includes(fork)) };
}

/**
 * Put the path from `index` on aside as an alternative at that place, and leave the path ending before it, for a
 * new branch to grow there (the retried reply, the edited message). An empty tail has nothing to keep. The calls
 * the last run stopped for go with it.
 */
export function branchOff(session: SessionRecord, index: number): BranchRefusal | undefined {
  const tail = session.turns.slice(index);
  if (tail.length === 0) return undefined;
  const after = afterOf(session.turns, index);
  const { branch, others } = stash(session, index);
  const existing = others.find((fork) => fork.after === after);
  if (existing && existing.branches.length >= MAX_BRANCHES) {
    return { status: 409, code: 'conflict', message: `This place in the conversation already has ${MAX_BRANCHES} alternatives, the most kept.` };
  }
  const branches = existing ? existing.branches.map((old, at) => (at === existing.current ? branch : old)) : [branch];
  branches.push(null);
  session.forks = [...others.filter((fork) => fork !== existing), { after, current: branches.length - 1, branches }];
  session.pending = [];
  delete session.pendingContext;
  leavePath(session, session.turns.slice(0, index), tail);
  session.turns = session.turns.slice(0, index);
  return undefined;
}

/**
 * What a path's end leaving it does to the rest: undo no longer reaches the writes of the turns put aside (they were
 * either undone first, the user was asked, or kept; a later undo must not restore a state from another branch). A
 * reply's turns belong to the user turn before them, whose writes they are.
 */
function leavePath(session: SessionRecord, kept: readonly Turn[], left: readonly Turn[]): void {
  const undone = session.undo?.turnId;
  const owner = left[0]?.type === 'user' ? undefined : kept.findLast((turn) => turn.type === 'user')?.id;
  if (undone !== undefined && (undone === owner || left.some((turn) => turn.id === undone))) delete session.undo;
  session.turnHasWrites = false;
  delete session.turnSnapshot;
}

/** Show alternative `index` of the fork whose shown alternative starts at `turnId` (a branch point's turnId). */
export function switchBranch(session: SessionRecord, turnId: string, index: number): BranchRefusal | undefined {
  const at = session.turns.findIndex((turn) => turn.id === turnId);
  const after = at === -1 ? undefined : afterOf(session.turns, at);
  const fork = after === undefined ? undefined : session.forks?.find((candidate) => candidate.after === after);
  if (!fork) {
    return { status: 404, code: 'not_found', message: `turnId: "${turnId}" is no branch point of this conversation's current path.` };
  }
  if (index >= fork.branches.length) {
    return { status: 400, code: 'invalid_request', message: `index: this branch point has ${fork.branches.length} alternatives (0 to ${fork.branches.length - 1}).` };
  }
  if (index === fork.current) return undefined;
  const shown = fork.branches[index]!;
  const { branch, others } = stash(session, at);
  const branches = fork.branches.map((old, position) => (position === fork.current ? branch : position === index ? null : old));
  session.forks = [...others.filter((candidate) => candidate !== fork), { after: fork.after, current: index, branches }, ...(shown.forks ?? [])];
  leavePath(session, session.turns.slice(0, at), branch.turns);
  session.turns = [...session.turns.slice(0, at), ...shown.turns];
  session.pending = shown.pending ?? [];
  delete session.pendingContext;
  return undefined;
}

/** The branch points of the current path, in path order: what GET /sessions/:id tells a client to page through. */
export function branchPoints(session: SessionRecord): BranchPoint[] {
  const points: { at: number; point: BranchPoint }[] = [];
  for (const fork of session.forks ?? []) {
    const at = fork.after === null ? 0 : session.turns.findIndex((turn) => turn.id === fork.after) + 1;
    const first = at > 0 || fork.after === null ? session.turns[at] : undefined;
    if (first) points.push({ at, point: { turnId: first.id, index: fork.current, count: fork.branches.length } });
  }
  return points.sort((a, b) => a.at - b.at).map(({ point }) => point);
}

/** A turn of the conversation, on the current path or in an alternative put aside. */
export function findTurn(session: SessionRecord, turnId: string): Turn | undefined {
  const search = (turns: readonly Turn[], forks: readonly Fork[] | undefined): Turn | undefined => {
    const found = turns.find((turn) => turn.id === turnId);
    if (found) return found;
    for (const fork of forks ?? []) {
      for (const branch of fork.branches) {
        const inner = branch && search(branch.turns, branch.forks);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return search(session.turns, session.forks);
}
