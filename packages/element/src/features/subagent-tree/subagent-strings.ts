import { usageEn } from '../../ui/usage-text.js';

/**
 * The sub-agent tree's English texts: a sub-agent's chip, its state, its Stop, its usage. Kept apart from the full
 * table (strings.ts) so that they travel in the sub-agent tree's chunk. A host overrides them and a locale translates
 * them like any other key (`el.strings`, `registerLocale`, fr.ts).
 */
export const subagentsEn = {
  /** The chip's accessible name: what it is, what it does, and where it is. */
  subagentLabel: 'Sub-agent {label}: {state}',
  subagentRunning: 'running',
  subagentDone: 'done',
  subagentFailed: 'failed',
  subagentStopped: 'stopped',
  subagentInterrupted: 'not finished',
  subagentWaiting: 'waiting for your answer',
  subagentStopping: 'stopping…',
  subagentSteps: 'Steps of {label}',
  subagentNoSteps: 'No steps yet.',
  stopSubagent: 'Stop',
  stopSubagentLabel: 'Stop the sub-agent {label}',
  stopSubagentFailed: 'Could not stop it: {message}',
  ...usageEn,
};

export type SubagentStrings = Record<keyof typeof subagentsEn, string>;
