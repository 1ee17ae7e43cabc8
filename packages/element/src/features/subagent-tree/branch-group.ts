import type { PendingCall } from '@agent-chat/protocol';
import { toDisplayItems } from '../../core/turns/display-items.js';
import type { ToolCatalog } from '../../core/turns/tool-catalog.js';
import type { TurnLog } from '../../core/turns/turn-log.js';
import { groupTurns, type TurnGroup } from '../../core/turns/turn-steps.js';

/**
 * A sub-agent's turns as one agent turn's steps (its text, thinking, tool calls, nested sub-agents' calls, errors),
 * drawn by the same turn element as the conversation's. Its first message, the task its parent gave it, is in the
 * stored turns only: the call's input says it already, so it is left out, live and after a reload alike.
 * `running`: the sub-agent still runs (its call has no result yet, and the run goes on). `pending`: the calls the
 * run waits for (a call of this branch among them is its confirmation card); `known`: this branch's confirmation
 * calls seen waiting here, so their cards stay, answered, while the run goes on and after.
 */
export function branchGroup(
  key: string,
  branch: TurnLog | undefined,
  running: boolean,
  tools: ToolCatalog,
  pending: readonly PendingCall[],
  known?: ReadonlyMap<string, PendingCall>,
): TurnGroup {
  const turns = (branch?.turns ?? []).filter((turn) => turn.type !== 'user');
  const steps = groupTurns(toDisplayItems(turns, running, pending), { tools, pending, known }).flatMap((group) => group.steps);
  return { key, user: undefined, steps };
}
