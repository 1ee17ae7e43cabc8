// A tool's own time stops while its call waits for the user (tools/user-wait.ts): the loop's timeout (runTool) and
// an MCP call's deadline (mcp/own-time.ts) pause until the answer, rather than looking again every millisecond for as
// long as the user takes (review of issue 35.2). Fake timers: the test counts timers, it waits for none.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownTimeDeadline } from '../src/mcp/own-time.js';
import type { McpCaller } from '../src/mcp/calls-in-flight.js';
import type { Tool, ToolContext } from '../src/tools/define-tool.js';
import { runTool } from '../src/tools/run-tool.js';
import { startUserWait } from '../src/tools/user-wait.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("a tool's own time, paused while the user is asked", () => {
  it('runTool: no timers while the user takes a minute; the tool gets its remaining time after the answer', async () => {
    const ctx = {} as ToolContext;
    let finish!: (value: string) => void;
    const tool = { name: 'slow', timeoutMs: 30, execute: () => new Promise<string>((resolve) => (finish = resolve)) } as unknown as Tool;
    const outcome = runTool(tool, {}, ctx);
    // 29 ms of the tool's 30 go by, then it asks the user, who answers a minute later.
    await vi.advanceTimersByTimeAsync(29);
    const answered = startUserWait(ctx);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(timers.mock.calls.length).toBeLessThan(5);
    answered();
    finish('done');
    expect(await outcome).toEqual({ output: 'done', isError: false });
  });

  it('runTool: once answered, the rest of its own time still runs out', async () => {
    const ctx = {} as ToolContext;
    const tool = { name: 'stuck', timeoutMs: 30, execute: () => new Promise<string>(() => {}) } as unknown as Tool;
    const outcome = runTool(tool, {}, ctx);
    await vi.advanceTimersByTimeAsync(29);
    const answered = startUserWait(ctx);
    await vi.advanceTimersByTimeAsync(60_000);
    answered();
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toEqual({ output: 'Tool stuck timed out after 30 ms.', isError: true });
  });

  it("an MCP call's deadline: no timers while the user takes a minute, aborted once its own time is up", async () => {
    const caller = {} as McpCaller;
    const deadline = ownTimeDeadline(caller, 30);
    await vi.advanceTimersByTimeAsync(29);
    const answered = startUserWait(caller);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(timers.mock.calls.length).toBeLessThan(5);
    expect(deadline.signal.aborted).toBe(false);
    answered();
    await vi.advanceTimersByTimeAsync(2);
    expect(deadline.signal.aborted).toBe(true);
    deadline.stop();
  });
});
