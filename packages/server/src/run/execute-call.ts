import type { ConfirmButton, Confirmation, PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import type { Tool, ToolContext } from '../tools/define-tool.js';
import { labelFor } from '../tools/label.js';
import { parseToolInput, runTool, type ToolOutcome } from '../tools/run-tool.js';
import { truncateOutput } from '../tools/truncate-output.js';
import { isToolContent } from '../tools/tool-content.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { keepToolContent } from './keep-tool-content.js';
import { lastUserTurnId } from '../session/undo-turn.js';
import type { RunContext } from './run-context.js';
import type { SessionRecord } from '../session/session-record.js';
import type { StateAdapter } from '../state-adapter.js';
import { toolContext } from './tool-context.js';
import { boundViewResult } from '../tools/view-result.js';

export const CANCELLED_BEFORE_RUN = 'Cancelled: the user stopped the run before this tool ran.';

/** Record a tool's result as a turn and stream it. */
export function recordResult(run: RunContext, call: ToolCallTurn, outcome: ToolOutcome): void {
  // Parts were cut to size as they were kept (keep-tool-content.ts); their text is the output.
  const output = outcome.content ? outcome.output : truncateOutput(outcome.output, run.deps.toolResultChars);
  const extra = {
    ...(outcome.stopped ? { stopped: true } : {}),
    ...(outcome.confirmation ? { confirmation: outcome.confirmation } : {}),
    ...(outcome.content ? { content: outcome.content } : {}),
    ...(outcome.display ? { display: outcome.display } : {}),
    ...(outcome.usage ? { usage: outcome.usage } : {}),
    ...viewResultOf(run, call, outcome),
  };
  const turn = run.turns.append({
    type: 'tool_result',
    toolCallId: call.toolCallId,
    name: call.name,
    output,
    isError: outcome.isError,
    ...extra,
  });
  run.emit({
    type: 'tool_result',
    turnId: turn.id,
    toolCallId: call.toolCallId,
    name: call.name,
    output,
    isError: outcome.isError,
    ...extra,
  });
}

/** The view's result, for a call drawn as a view only (its tool_call named the view), cut to the app's bound. */
function viewResultOf(run: RunContext, call: ToolCallTurn, outcome: ToolOutcome) {
  if (!call.view || !outcome.viewResult) return {};
  const kept = boundViewResult(outcome.viewResult, run.deps.viewResultBytes ?? DEFAULT_LIMITS.viewResultBytes);
  return kept ? { viewResult: kept } : {};
}

/**
 * Handle one call the model made: answer it with a result, or return the pending call when the user must
 * confirm it or the page must run it. Never throws for anything a tool or its input does.
 */
export async function handleCall(run: RunContext, call: ToolCallTurn): Promise<PendingCall | undefined> {
  const tool = run.deps.tools.get(call.name);
  const offered = tool && run.deps.tools.offered(run.session.id, run.context).includes(tool);
  if (!tool || !offered) {
    const names = run.deps.tools.offered(run.session.id, run.context).map((t) => t.name);
    recordResult(run, call, {
      output: `Unknown tool "${call.name}". Available tools: ${names.join(', ') || 'none'}.`,
      isError: true,
    });
    return undefined;
  }
  const parsed = parseToolInput(tool, call.input);
  if (!parsed.ok) {
    recordResult(run, call, { output: parsed.error, isError: true });
    return undefined;
  }
  const ctx = toolContext(run);
  const confirm = await needsConfirmation(tool, parsed.input, ctx);
  if (tool.kind === 'client' || confirm) {
    const pending = {
      ...pendingCall(call, tool, parsed.input, tool.kind === 'client' ? 'client' : 'confirm'),
      ...(tool.kind === 'client' && confirm ? { confirm: true } : {}),
    };
    if (!confirm) return pending;
    const preview = await previewOf(tool, parsed.input, ctx);
    const button = confirmButtonOf(tool, parsed.input);
    return { ...pending, ...(preview ? { preview } : {}), ...(button ? { confirmButton: button } : {}) };
  }
  await executeTool(run, call, tool, parsed.input);
  return undefined;
}

/**
 * Run a server tool now (approved or needing no approval). Before a turn's first write the host state is
 * snapshotted; only a write that succeeds makes the turn a writing one and that snapshot its undo.
 * `confirmation` (how the user answered, for a call that asked first) goes with the result, whatever it is.
 */
export async function executeTool(run: RunContext, call: ToolCallTurn, tool: Tool, input: unknown, confirmation?: Confirmation): Promise<void> {
  const { session } = run;
  const { state } = run.deps;
  const write = tool.kind === 'write';
  if (write && state && !session.turnHasWrites && !session.turnSnapshot) {
    try {
      // Sub-agents writing at once share the one snapshot the turn's first write takes, from before any of them.
      let taking = snapshotting.get(session);
      if (!taking) {
        taking = takeSnapshot(session, state);
        snapshotting.set(session, taking);
        void taking.then(
          () => snapshotting.delete(session),
          () => snapshotting.delete(session),
        );
      }
      await taking;
    } catch (error) {
      // Without a snapshot the write could not be undone: refuse it rather than break the promise of undo.
      recordResult(run, call, { output: `Could not save state before ${tool.name}: ${(error as Error).message}`, isError: true, confirmation });
      return;
    }
  }
  let watching = false;
  const ran = await runTool(tool, input, toolContext(run, call, () => (watching = true), confirmation !== undefined));
  const outcome: ToolOutcome = { ...(await keepParts(run, tool, ran)), confirmation };
  // Stop never interrupts a tool, but one that took its signal may end early when it aborts ("Stopped after 4 of 6
  // slides"): what it returns then is part of the work, and is marked so. A tool that never looked at the signal ran
  // to its end, Stop or not: its result is whole.
  recordResult(run, call, watching && run.signal.aborted ? { ...outcome, stopped: true } : outcome);
  // A failed write may have changed part of the state, or may still (a timed-out tool runs on): the snapshot from
  // before it stays for the turn, so a later write's undo still goes back to where the turn began.
  if (!write || outcome.isError) return;
  session.turnHasWrites = true;
  if (session.turnSnapshot) {
    session.undo = session.turnSnapshot;
    delete session.turnSnapshot;
  }
  if (!state) return;
  try {
    run.emit({ type: 'state', state: await state.snapshot(session.id, session.owner ?? '') });
  } catch {
    // The state event is a convenience for the page; the write itself is done.
  }
}

/** The state snapshots being taken, by session: at most one at a time for a turn's first write. */
const snapshotting = new WeakMap<SessionRecord, Promise<void>>();

async function takeSnapshot(session: SessionRecord, state: StateAdapter): Promise<void> {
  const snapshot = structuredClone(await state.snapshot(session.id, session.owner ?? ''));
  const turnId = lastUserTurnId(session.turns);
  session.turnSnapshot = turnId ? { snapshot, turnId } : { snapshot };
}

/** A result of parts (`toolContent`) with its images kept (keep-tool-content.ts); any other result as it is. */
async function keepParts(run: RunContext, tool: Tool, outcome: ToolOutcome): Promise<ToolOutcome> {
  if (!isToolContent(outcome.output)) return outcome;
  const keeping = {
    ...(run.deps.toolImages ?? { store: undefined, storeMaxBytes: 0, inlineMaxBytes: DEFAULT_LIMITS.toolImageBytes }),
    owner: run.session.owner ?? '',
    toolName: tool.name,
    maxChars: run.deps.toolResultChars,
  };
  const kept = await keepToolContent(outcome.output.content, keeping);
  // Parts with no image left (all text, or notes in their place) are a text result like any other.
  const images = kept.content.some((part) => part.type === 'image');
  const display = outcome.output.display?.length ? (await keepToolContent(outcome.output.display, keeping)).content : undefined;
  const viewResult = outcome.output.viewResult ? { viewResult: outcome.output.viewResult } : {};
  return { ...outcome, output: kept.output, ...(images ? { content: kept.content } : {}), ...(display ? { display } : {}), ...viewResult };
}

function pendingCall(call: ToolCallTurn, tool: Tool, input: unknown, reason: PendingCall['reason']): PendingCall {
  return {
    toolCallId: call.toolCallId,
    name: tool.name,
    kind: tool.kind,
    input,
    label: labelFor(tool.name, tool.label, input),
    reason,
  };
}

async function needsConfirmation(tool: Tool, input: unknown, ctx: ToolContext): Promise<boolean> {
  const rule = tool.needsConfirmation;
  if (typeof rule !== 'function') return Boolean(rule);
  try {
    return Boolean(await rule(input, ctx));
  } catch {
    // When in doubt, ask the user.
    return true;
  }
}

/** The card's confirm button for this input, as the tool defines it; a label that fails leaves the card's own word. */
function confirmButtonOf(tool: Tool, input: unknown): ConfirmButton | undefined {
  const button = tool.confirmButton;
  if (!button) return undefined;
  const label = button.label === undefined ? '' : labelFor('', button.label, input);
  if (!label && !button.tone) return undefined;
  return { ...(label ? { label } : {}), ...(button.tone ? { tone: button.tone } : {}) };
}

async function previewOf(tool: Tool, input: unknown, ctx: ToolContext) {
  if (!tool.preview) return undefined;
  try {
    return (await tool.preview(input, ctx)) ?? undefined;
  } catch {
    return undefined;
  }
}
