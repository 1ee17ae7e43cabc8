import { describe, expect, it } from 'vitest';
import { localRunCoordinator } from '../src/coordination/run-coordinator.js';
import { inRunSlot, type RunSlot } from '../src/run/run-slot.js';
import { sessionRef } from '../src/session/session-ref.js';

// The run slot is given back by the scope that took it, on every way out, unless a starting run took it over
// (issue 32.7): a refusal is a plain return, and no path can leave a session locked.
describe('inRunSlot', () => {
  const busy = () => 'busy' as const;

  it('gives the slot back when the scope returns without starting a run', async () => {
    const runs = localRunCoordinator();
    const ref = await sessionRef('alice', 's1');
    expect(await inRunSlot(runs, ref, async (slot) => (await runs.holder(slot.key))?.runId === slot.runId, busy)).toBe(true);
    expect(await runs.holder(ref.key)).toBeUndefined();
  });

  it('gives the slot back when the scope throws', async () => {
    const runs = localRunCoordinator();
    const ref = await sessionRef('alice', 's1');
    await expect(inRunSlot(runs, ref, async () => Promise.reject(new Error('store down')), busy)).rejects.toThrow('store down');
    expect(await runs.holder(ref.key)).toBeUndefined();
  });

  it('answers busy while another run holds the slot, and leaves that run its slot', async () => {
    const runs = localRunCoordinator();
    const ref = await sessionRef('alice', 's1');
    expect(await runs.claim(ref.key, { runId: 'other', principal: 'alice' })).toBe(true);
    expect(await inRunSlot(runs, ref, async () => 'ran', busy)).toBe('busy');
    expect((await runs.holder(ref.key))?.runId).toBe('other');
  });

  it('keeps the slot for the run it was handed to, until that run gives it back', async () => {
    const runs = localRunCoordinator();
    const ref = await sessionRef('alice', 's1');
    const active = await inRunSlot(runs, ref, async (slot) => slot.handOver(), busy);
    expect(active).not.toBe('busy');
    if (active === 'busy') return;
    expect(active).toMatchObject({ ref: { key: ref.key, owner: 'alice' } });
    expect((await runs.holder(ref.key))?.runId).toBe(active.runId);
    expect(await inRunSlot(runs, ref, async () => 'ran', busy)).toBe('busy');
    await runs.release(active.ref.key, active.runId);
    expect(await runs.holder(ref.key)).toBeUndefined();
  });

  it('hands a slot over once, and never after its scope gave it back', async () => {
    const runs = localRunCoordinator();
    const ref = await sessionRef('alice', 's1');
    let kept: RunSlot | undefined;
    await inRunSlot(
      runs,
      ref,
      async (slot) => {
        kept = slot;
        slot.handOver();
        expect(() => slot.handOver()).toThrow(/handed over/);
      },
      busy,
    );
    await inRunSlot(runs, await sessionRef('alice', 's2'), async (slot) => void (kept = slot), busy);
    expect(() => kept!.handOver()).toThrow(/given back/);
  });
});
