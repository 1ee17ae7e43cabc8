// The agent server scenario for approvals inside a sub-agent (issue 34.4): the agent starts the cleaner
// (defineSubagent), whose delete needs the user's confirmation, so the whole run waits for the card under the
// cleaner's branch. "deep clean" has the cleaner start a sweeper of its own, whose delete waits two branches down;
// "colour" has it start a picker that calls a client tool, which the page runs through its adapter.
// `subagent-approvals-edit` is the same agent with the delete among its own tools as well.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Turn } from '@agent-chat/protocol';
import { createAgentChat, defineSubagent, defineTool, scriptedModel, type ScriptedRun } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { APPROVALS } from './subagent-texts.js';

const CLEANER = 'You clean up notes.';
const SWEEPER = 'You sweep the archive.';
const PICKER = 'You pick a colour with the page.';

const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Delete a note',
  kind: 'write',
  needsConfirmation: true,
  label: 'Delete note {id}',
  input: z.object({ id: z.string() }),
  execute: ({ id }) => APPROVALS.deleted(id),
});

const pickColour = defineTool({
  name: 'pick_colour',
  description: 'Ask the page for a colour',
  kind: 'client',
  label: 'Asking the page for a colour',
  input: z.object({ palette: z.string() }),
});

const sweeper = defineSubagent({
  name: 'sweeper',
  description: 'Sweep the archive',
  input: z.object({}),
  label: APPROVALS.sweeperLabel,
  prompt: () => 'Sweep the archive',
  system: SWEEPER,
  tools: [deleteNote],
});

const picker = defineSubagent({
  name: 'picker',
  description: 'Pick a colour',
  input: z.object({}),
  label: APPROVALS.pickerLabel,
  prompt: () => 'Pick a colour',
  system: PICKER,
  tools: [pickColour],
});

const cleaner = defineSubagent({
  name: 'cleaner',
  description: 'Clean up notes',
  input: z.object({ task: z.string() }),
  label: APPROVALS.cleanerLabel,
  prompt: ({ task }) => task,
  system: CLEANER,
  tools: [deleteNote, sweeper, picker],
});

/** What the last call's result said, so each reply shows the resumed agent read it. */
function lastResult(turns: readonly Turn[]): string {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' ? String(result.output) : '';
}

/** The agent and its sub-agents on one scripted model, told apart by their system prompt. */
function script({ text, system, turns }: { text: string; system: string; turns: readonly Turn[] }): ScriptedRun {
  if (system.includes(PICKER)) return [[{ tool: 'pick_colour', input: { palette: 'warm' } }], [{ text: APPROVALS.picked(lastResult(turns)) }]];
  if (system.includes(SWEEPER)) return [[{ tool: 'delete_note', input: { id: 'n9' } }], [{ text: APPROVALS.sweeper(lastResult(turns)) }]];
  if (system.includes(CLEANER)) {
    const call = text === 'sweep' ? { tool: 'sweeper', input: {} } : text === 'pick' ? { tool: 'picker', input: {} } : { tool: 'delete_note', input: { id: 'n1' } };
    return [[call], [{ text: APPROVALS.cleaner(lastResult(turns)) }]];
  }
  const task = text.startsWith('deep') ? 'sweep' : text.startsWith('colour') ? 'pick' : 'delete';
  return [[{ tool: 'cleaner', input: { task } }], [{ text: APPROVALS.main(lastResult(turns)) }]];
}

export function mountSubagentApprovalScenarios(app: Hono): void {
  app.route('/api/subagent-approvals', createAgentChat({ ...testAccess, model: scriptedModel(script, { chunkSize: 8 }), tools: [cleaner] }));
  // The agent may delete a note itself too (it never does here): GET /tools then describes the tool, so the card of
  // the cleaner's delete offers Edit, which needs the tool's schema.
  app.route(
    '/api/subagent-approvals-edit',
    createAgentChat({ ...testAccess, model: scriptedModel(script, { chunkSize: 8 }), tools: [cleaner, deleteNote] }),
  );
}
