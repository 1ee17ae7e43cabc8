import { randomUUID } from 'node:crypto';
import type { InputAnswer } from '@agent-chat/protocol';
import type { RunClaim, RunCoordinator } from '../coordination/run-coordinator.js';
import { connect, DEFAULT_PREFIX, duplicateOf, script, sessionTag, type RedisCommonOptions, type RedisSource } from './connection.js';

export type RedisRunCoordinatorOptions = RedisSource &
  RedisCommonOptions & {
    /**
     * How long a run lock lives without renewal: an instance that dies mid-run frees its sessions after this long.
     * A held lock is renewed every third of it. Default 15,000 ms.
     */
    lockMs?: number;
  };

/** A run coordinator that may also be closed (its subscriber connection, its renewal timers, a client it made). */
export interface RedisRunCoordinator extends RunCoordinator {
  close(): Promise<void>;
}

// Both compare the lock's run id, so a run whose lock expired and was taken by another run cannot touch the new one.
const renewScript = script(`
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local ok, claim = pcall(cjson.decode, held)
if not ok or type(claim) ~= 'table' or claim.runId ~= ARGV[1] then return -1 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);
const releaseScript = script(`
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local ok, claim = pcall(cjson.decode, held)
if not ok or type(claim) ~= 'table' or claim.runId ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])
`);

interface CancelMessage {
  sessionId: string;
  runId: string;
  /** The instance that sent it: that one has already told its own listener. */
  from: string;
  /** Stop only the sub-agent this call started. */
  toolCallId?: string;
}

interface AnswerMessage {
  sessionId: string;
  runId: string;
  requestId: string;
  answer: InputAnswer;
  from: string;
}

/** How long the mark that a request was answered is kept: far longer than the race it settles. */
const ANSWERED_MARK_MS = 24 * 60 * 60 * 1000;

/**
 * One run per session across every instance that shares the Redis: a claim is a key set only if absent (SET NX PX)
 * and renewed while the run lasts, so a crashed instance's lock expires after `lockMs`. Stop is published on one
 * channel that every instance subscribes to (one subscriber connection each); the instance running the run stops it.
 * An input request's answer is taken once by a key set only if absent (SET NX), then published on a second channel
 * for the instance whose run waits: two instances answering at once get one true and one false.
 */
export function redisRunCoordinator(options: RedisRunCoordinatorOptions): RedisRunCoordinator {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const lockMs = options.lockMs ?? 15_000;
  if (!Number.isInteger(lockMs) || lockMs < 30) throw new TypeError('redisRunCoordinator: lockMs must be a whole number of milliseconds ≥ 30');
  const connection = connect(options, 'redisRunCoordinator', warn);
  const { client } = connection;
  const channel = `${prefix}cancel`;
  const answerChannel = `${prefix}input-answer`;
  const answeredKey = (sessionId: string, requestId: string) => `${prefix}input-answered:${sessionTag(sessionId)}:${requestId}`;
  const answerListeners = new Map<string, (requestId: string, answer: InputAnswer) => boolean>();
  const instance = randomUUID();
  const lockKey = (sessionId: string) => `${prefix}run:${sessionTag(sessionId)}`;
  const listenerKey = (sessionId: string, runId: string) => `${sessionId}\n${runId}`;
  const listeners = new Map<string, (toolCallId?: string) => void>();
  const renewals = new Map<string, { runId: string; timer: ReturnType<typeof setInterval> }>();
  let closed = false;

  const subscriber = duplicateOf(client, 'redisRunCoordinator (subscriber)', warn);
  // A cancel published before this instance listens would be lost: claims wait for the subscription, so every run
  // (which claims first) can be stopped from its start.
  const subscribed = connection.ready
    .then(() => subscriber.connect())
    .then(() =>
      subscriber.subscribe(channel, (message) => {
        let cancel: CancelMessage;
        try {
          cancel = JSON.parse(message) as CancelMessage;
        } catch {
          return;
        }
        if (cancel.from !== instance) listeners.get(listenerKey(cancel.sessionId, cancel.runId))?.(cancel.toolCallId);
      }),
    )
    .then(() =>
      subscriber.subscribe(answerChannel, (message) => {
        let answered: AnswerMessage;
        try {
          answered = JSON.parse(message) as AnswerMessage;
        } catch {
          return;
        }
        if (answered.from !== instance) answerListeners.get(listenerKey(answered.sessionId, answered.runId))?.(answered.requestId, answered.answer);
      }),
    );
  subscribed.catch(() => {});

  function stopRenewing(sessionId: string, runId: string): void {
    const renewal = renewals.get(sessionId);
    if (renewal?.runId !== runId) return;
    clearInterval(renewal.timer);
    renewals.delete(sessionId);
  }

  function startRenewing(sessionId: string, runId: string): void {
    const previous = renewals.get(sessionId);
    if (previous) clearInterval(previous.timer);
    const timer = setInterval(() => {
      renewScript.run<number>(client, [lockKey(sessionId)], [runId, String(lockMs)]).then(
        (result) => {
          if (result === 1) return;
          const current = renewals.get(sessionId)?.timer === timer;
          clearInterval(timer);
          if (!current) return; // released meanwhile: nothing was lost
          renewals.delete(sessionId);
          warn(
            `redisRunCoordinator: the run lock of session "${sessionId}" (run ${runId}) was ${result === 0 ? 'gone (expired)' : 'taken by another run'} ` +
              'when renewed; another instance may run this session now.',
          );
        },
        // A dropped connection: the next tick tries again, and the lock holds for lockMs meanwhile.
        (error: unknown) => warn(`redisRunCoordinator: renewing the run lock of session "${sessionId}" failed: ${(error as Error).message}`),
      );
    }, Math.max(10, Math.floor(lockMs / 3)));
    // A pending renewal must not keep a finished process alive.
    timer.unref?.();
    renewals.set(sessionId, { runId, timer });
  }

  return {
    async claim(sessionId, claim) {
      if (closed) throw new Error('redisRunCoordinator: closed');
      await subscribed;
      const value = JSON.stringify({ runId: claim.runId, principal: claim.principal } satisfies RunClaim);
      const result = await client.sendCommand<string | null>(['SET', lockKey(sessionId), value, 'NX', 'PX', String(lockMs)]);
      if (result !== 'OK') return false;
      startRenewing(sessionId, claim.runId);
      return true;
    },
    async holder(sessionId) {
      await connection.ready;
      const value = await client.sendCommand<string | null>(['GET', lockKey(sessionId)]);
      if (value === null || value === undefined) return undefined;
      try {
        const { runId, principal } = JSON.parse(value) as RunClaim;
        return { runId, principal };
      } catch {
        return undefined;
      }
    },
    async release(sessionId, runId) {
      stopRenewing(sessionId, runId);
      await connection.ready;
      await releaseScript.run<number>(client, [lockKey(sessionId)], [runId]);
    },
    async requestCancel(sessionId, runId, toolCallId) {
      // A run of this instance stops at once; the others hear it through the channel.
      listeners.get(listenerKey(sessionId, runId))?.(toolCallId);
      await connection.ready;
      const message: CancelMessage = { sessionId, runId, from: instance, ...(toolCallId !== undefined ? { toolCallId } : {}) };
      await client.sendCommand(['PUBLISH', channel, JSON.stringify(message)]);
    },
    onCancel(sessionId, runId, stop) {
      const key = listenerKey(sessionId, runId);
      listeners.set(key, stop);
      return () => {
        if (listeners.get(key) === stop) listeners.delete(key);
      };
    },
    async answerInput(sessionId, runId, requestId, answer) {
      await connection.ready;
      const taken = await client.sendCommand<string | null>(['SET', answeredKey(sessionId, requestId), '1', 'NX', 'PX', String(ANSWERED_MARK_MS)]);
      if (taken !== 'OK') return false;
      // A run of this instance hears it at once; the others through the channel.
      const local = answerListeners.get(listenerKey(sessionId, runId));
      if (local) {
        local(requestId, answer);
        return true;
      }
      const message: AnswerMessage = { sessionId, runId, requestId, answer, from: instance };
      await client.sendCommand(['PUBLISH', answerChannel, JSON.stringify(message)]);
      return true;
    },
    onInputAnswer(sessionId, runId, deliver) {
      const key = listenerKey(sessionId, runId);
      answerListeners.set(key, deliver);
      return () => {
        if (answerListeners.get(key) === deliver) answerListeners.delete(key);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const { timer } of renewals.values()) clearInterval(timer);
      renewals.clear();
      listeners.clear();
      answerListeners.clear();
      await subscribed.catch(() => {});
      if (subscriber.isOpen) await subscriber.close();
      await connection.close();
    },
  };
}
