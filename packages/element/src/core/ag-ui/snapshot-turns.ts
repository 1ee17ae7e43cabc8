import type { InputContent, Message } from '@ag-ui/core';
import type { Turn } from '@agent-chat/protocol';
import { actionTurn } from './a2ui-action.js';
import { a2uiActivityTurn } from './a2ui-activity.js';
import { callEvent, contentText, resultEvent, turnIds, under } from './stream-events.js';
import { parseJson, runCall, type AgUiThread } from './thread.js';

/** A user message's text: its text parts (the element sends none other). */
function userText(content: string | InputContent[]): string {
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * A thread's messages (the agent's last MESSAGES_SNAPSHOT, reconciled) as the element's stored session has them:
 * the conversation's turns, and the sub-agents' turns (`subagentTurns`), each with the call that started its
 * sub-agent as `parentCallId`: a message with a `subagentRunId` is that run's, and the run hangs on the call its
 * SUBAGENT_STARTED named. Turn ids are the ones the live events gave (translate.ts's turnIds), so a reload draws
 * what the stream drew. What the messages do not say (a call's label and kind, a sub-agent's stop or usage) comes
 * from what the thread saw of the calls; a call a sub-agent run hangs on is a sub-agent call. An `a2ui-surface`
 * activity message is a `ui` turn (a2ui-activity.ts), a user's act on one a user turn with its `action` (a2ui-action.ts).
 */
export function snapshotTurns(thread: AgUiThread, now = Date.now()): { turns: Turn[]; subagentTurns: Turn[] } {
  const turns: Turn[] = [];
  const subagentTurns: Turn[] = [];
  const spawning = new Set(thread.runs.values());
  // The A2UI surfaces the turns leave live: the conversation drawn from them has those, and a live activity after
  // the reload is applied against them (a2ui-activity.ts).
  const a2ui = { live: new Set<string>(), acts: new Set<string>() };
  for (const message of agentOrder(thread)) {
    const parent = under(runCall(thread, message.subagentRunId));
    const into = parent.parentCallId === undefined ? turns : subagentTurns;
    for (const turn of messageTurns(message, thread, spawning, a2ui)) into.push({ ...turn, createdAt: now, ...parent } as Turn);
  }
  thread.liveSurfaces = a2ui.live;
  return { turns, subagentTurns };
}

/**
 * The thread's messages in the agent's order: the last snapshot's (AG-UI's reconciliation appends what is new to the
 * page, a sub-agent's prompt among them, where the agent has it before its branch's steps), each message the page
 * holds that the snapshot lacks (its own reasoning, a message sent since) after the one it follows in the thread.
 */
function agentOrder(thread: AgUiThread): Message[] {
  if (!thread.snapshot) return thread.messages;
  const byId = new Map(thread.messages.map((message) => [message.id, message]));
  const ordered = thread.snapshot.flatMap((id) => byId.get(id) ?? []);
  const placed = new Set(ordered);
  let after: Message | undefined;
  for (const message of thread.messages) {
    if (!placed.has(message)) {
      ordered.splice(after ? ordered.indexOf(after) + 1 : 0, 0, message);
      placed.add(message);
    }
    after = message;
  }
  return ordered;
}

type Bare = { [K in Turn['type']]: Omit<Extract<Turn, { type: K }>, 'createdAt'> }[Turn['type']];

function messageTurns(message: Message, thread: AgUiThread, spawning: ReadonlySet<string>, a2ui: { live: Set<string>; acts: Set<string> }): Bare[] {
  switch (message.role) {
    case 'user':
      return [{ id: message.id, type: 'user', text: userText(message.content) }];
    case 'reasoning':
      return message.content ? [{ id: turnIds.thinking(message.id), type: 'thinking', text: message.content }] : [];
    case 'assistant': {
      const act = actionTurn(message, a2ui.acts);
      if (act) return [act];
      const text = contentText(message.content);
      const out: Bare[] = text ? [{ id: turnIds.text(message.id), type: 'assistant_text', text }] : [];
      for (const toolCall of message.toolCalls ?? []) {
        const seen = thread.calls.get(toolCall.id);
        const call = { name: toolCall.function.name, ...seen, args: toolCall.function.arguments };
        if (spawning.has(toolCall.id)) call.subagent = true;
        const event = callEvent(toolCall.id, call);
        if (event.type !== 'tool_call') continue;
        const { type: _, turnId, parentCallId: __, input, ...rest } = event;
        out.push({ ...rest, id: turnId, type: 'tool_call', input });
      }
      return out;
    }
    case 'tool': {
      if (a2ui.acts.has(message.toolCallId)) return [];
      const call = thread.calls.get(message.toolCallId);
      const event = resultEvent(message.toolCallId, call, parseJson(contentText(message.content)));
      const { type: _, turnId, ...rest } = event;
      return [{ ...rest, id: turnId, type: 'tool_result', isError: event.isError || Boolean(message.error) }];
    }
    case 'activity':
      return a2uiActivityTurn(thread, message, a2ui.live);
    default:
      return [];
  }
}
