import type { PendingCall, ToolCallTurn, ToolResultTurn, UserTurn } from '@agent-chat/protocol';
import type { DisplayItem } from './display-items.js';
import type { ToolCatalog } from './tool-catalog.js';

/** One step of the agent's turn as it is drawn: the display items, with tool calls sorted by how they show. */
export type Step =
  | Exclude<DisplayItem, { kind: 'user' } | { kind: 'tool' }>
  | Extract<DisplayItem, { kind: 'tool' }>
  | { kind: 'answer'; key: string; call: ToolCallTurn; result: ToolResultTurn | undefined }
  | { kind: 'confirm'; key: string; call: PendingCall; result: ToolResultTurn | undefined; pending: boolean };

/** The user's message and everything the agent did in answer to it. */
export interface TurnGroup {
  key: string;
  user: UserTurn | undefined;
  steps: Step[];
}

export interface StepContext {
  tools: ToolCatalog;
  /** Calls the run stopped for (the conversation's `pending`). */
  pending: readonly PendingCall[];
  /** Confirmation calls seen pending earlier in this page, so their card stays (answered) after they run. */
  known?: ReadonlyMap<string, PendingCall>;
}

/**
 * Splits the rows of a conversation into turns (seed 000 §3.3.2: "a single agent turn renders as a group") and
 * decides how each tool call shows: a chip, the answer card, a confirmation card, or nothing.
 */
export function groupTurns(items: readonly DisplayItem[], context: StepContext): TurnGroup[] {
  const pendingById = new Map(context.pending.map((call) => [call.toolCallId, call]));
  const groups: TurnGroup[] = [];
  let group: TurnGroup | undefined;
  const current = (): TurnGroup => {
    if (!group) {
      group = { key: 'start', user: undefined, steps: [] };
      groups.push(group);
    }
    return group;
  };

  for (const item of items) {
    switch (item.kind) {
      case 'user':
        group = { key: item.key, user: item.turn, steps: [] };
        groups.push(group);
        break;
      case 'tool': {
        const step = toolStep(item, context, pendingById.get(item.call.toolCallId));
        if (step) current().steps.push(step);
        break;
      }
      case 'thinking': {
        // One "Thought process" per turn: thinking that comes back after a tool round joins the first, where it was.
        // The steps are this grouping's own objects (the turns are not): changing one here changes nothing else.
        const first = current().steps.find((step): step is typeof item => step.kind === 'thinking');
        if (!first) current().steps.push(item);
        else {
          first.turn = { ...first.turn, text: `${first.turn.text}\n\n${item.turn.text}` };
          first.streaming = item.streaming;
        }
        break;
      }
      default:
        current().steps.push(item);
    }
  }
  return groups;
}

function toolStep(item: Extract<DisplayItem, { kind: 'tool' }>, context: StepContext, pending: PendingCall | undefined): Step | undefined {
  const { call, result } = item;
  const tool = context.tools.get(call.name);
  if (tool?.display === 'hidden') return undefined;
  if (pending && isConfirmation(pending)) return { kind: 'confirm', key: item.key, call: pending, result, pending: true };
  // A card answered in this page, or one whose result says how it was answered (live and after a reload alike),
  // or, in a history stored before results said so, an answered call of a tool that always asks first.
  const known = context.known?.get(call.toolCallId);
  const asked = result?.confirmation;
  if (known || asked || (result && tool?.needsConfirmation === true)) {
    const kind = call.kind ?? tool?.kind ?? 'read';
    const answered: PendingCall = known ?? {
      toolCallId: call.toolCallId,
      name: call.name,
      kind,
      input: call.input,
      label: call.label ?? call.name,
      reason: kind === 'client' ? 'client' : 'confirm',
      preview: asked?.preview,
    };
    return { kind: 'confirm', key: item.key, call: answered, result, pending: false };
  }
  // An answer the server refused (its input failed the schema) is an error the user should see as one.
  if (tool?.display === 'answer' && !result?.isError) return { kind: 'answer', key: item.key, call, result };
  return item;
}

/**
 * The confirmation calls seen pending in this page, by id, so a card keeps its preview after it is answered
 * (the server forgets a pending call once it is answered). Forgotten when the conversation changes.
 */
export class KnownConfirmations {
  #sessionId = '';
  readonly #calls = new Map<string, PendingCall>();

  remember(sessionId: string, pending: readonly PendingCall[]): ReadonlyMap<string, PendingCall> {
    if (sessionId !== this.#sessionId) {
      this.#sessionId = sessionId;
      this.#calls.clear();
    }
    for (const call of pending) if (isConfirmation(call)) this.#calls.set(call.toolCallId, call);
    return this.#calls;
  }
}

/** The calls a person answers on a card: confirmations, and client tools that ask before the page runs them. */
export function isConfirmation(call: PendingCall): boolean {
  return call.reason === 'confirm' || call.confirm === true;
}
