// Our server for the load bench and the side-by-side bench (load-bench.ts and peer-bench.ts start it in its own
// process): createAgentChat with the bench model (bench-reply.ts: the message's text names the reply), served by
// @hono/node-server on 127.0.0.1 and measured by server-monitor.ts. Without LOAD_* settings it runs with the
// library's defaults (store, event log), as an integrator's server would.
import { createAdaptorServer } from '@hono/node-server';
import { createAgentChat, memoryEventLog, memoryStore, sessionRef, type EventLog, type SessionStore } from '../src/index.js';
import { benchModel } from './bench-model.js';
import { monitorServer } from './server-monitor.js';

process.title = 'agent-chat-bench';
const numberFromEnv = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const storeSessions = numberFromEnv('LOAD_STORE_SESSIONS');
const logSessions = numberFromEnv('LOAD_LOG_SESSIONS');
const logEvents = numberFromEnv('LOAD_LOG_EVENTS');

// The log is wrapped only to tell the bench when a session's run has logged its `done` (the slow-reader case waits
// for it before it lets its reader go on).
const inner = memoryEventLog({ ...(logSessions ? { maxSessions: logSessions } : {}), ...(logEvents ? { maxEvents: logEvents } : {}) });
const doneWaiters = new Map<string, () => void>();
const doneLogged = new Set<string>();
const events: EventLog = {
  ...inner,
  async append(key, event) {
    await inner.append(key, event);
    if (event.event.type === 'done') {
      doneLogged.add(key);
      doneWaiters.get(key)?.();
    }
  },
};

// The store is wrapped only to count its writes, and those that rewrite a session whole (`replace`): a running
// session pushed out of a bounded store and written again costs its whole history at every step.
const counts = { writes: 0, replaces: 0 };
const innerStore = memoryStore(storeSessions ? { maxSessions: storeSessions } : {});
const store: SessionStore = {
  ...innerStore,
  write(session, version, write) {
    counts.writes++;
    if (write.replace) counts.replaces++;
    return innerStore.write(session, version, write);
  },
};

const OWNER = 'load-bench';
const app = createAgentChat({ model: benchModel(), authorize: () => OWNER, events, store });

await monitorServer(createAdaptorServer({ fetch: app.fetch }), {
  /** The store's writes since the last call, and how many rewrote a session whole. */
  'store-writes'() {
    const now = { ...counts };
    counts.writes = counts.replaces = 0;
    return now;
  },
  async 'wait-done'(sessionId) {
    if (!sessionId) throw new Error('wait-done needs a session id');
    // The log knows a session by its key (owner and id), not by the id the client gave it.
    const { key } = await sessionRef(OWNER, sessionId);
    if (!doneLogged.has(key)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no done for ${sessionId} within 60 s`)), 60_000);
        doneWaiters.set(key, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    doneWaiters.delete(key);
    return { done: sessionId };
  },
});
