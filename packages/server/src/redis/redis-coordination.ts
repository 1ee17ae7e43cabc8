import { connect, type RedisCommonOptions, type RedisSource } from './connection.js';
import { redisEventLog, type RedisEventLog, type RedisEventLogOptions } from './redis-event-log.js';
import { redisRunCoordinator, type RedisRunCoordinator, type RedisRunCoordinatorOptions } from './redis-run-coordinator.js';
import { redisStore, type RedisSessionStore, type RedisStoreOptions } from './redis-store.js';

/** A part's own options, without the connection ones that `redisCoordination` sets for all three. */
export type RedisPartOptions<T> = T extends unknown ? Omit<T, 'client' | 'url' | 'prefix' | 'warn'> : never;

export type RedisCoordinationOptions = RedisSource &
  RedisCommonOptions & {
    store?: RedisPartOptions<RedisStoreOptions>;
    coordinator?: RedisPartOptions<RedisRunCoordinatorOptions>;
    events?: RedisPartOptions<RedisEventLogOptions>;
  };

/** The three Redis parts over one connection (plus the subscriber and the blocking reader each part needs). */
export interface RedisCoordination {
  store: RedisSessionStore;
  coordinator: RedisRunCoordinator;
  events: RedisEventLog;
  /** Stops renewals and readers, and ends the connection when it was made from a URL. */
  close(): Promise<void>;
}

/**
 * Everything several instances share, from one Redis: sessions, the run lock and Stop, and the events to resume from.
 * Give each instance the same URL (or a connected client) and prefix.
 */
export function redisCoordination(options: RedisCoordinationOptions): RedisCoordination {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const connection = connect(options, 'redisCoordination', warn);
  const shared = { client: connection.client, warn, ...(options.prefix !== undefined && { prefix: options.prefix }) };
  // The parts wait for the connection through their first command: a client still connecting queues nothing, so they
  // are made once it is ready.
  const store = redisStore({ ...options.store, ...shared });
  const coordinator = redisRunCoordinator({ ...options.coordinator, ...shared });
  const events = redisEventLog({ ...options.events, ...shared });
  return {
    store,
    coordinator,
    events,
    async close() {
      await Promise.all([store.close(), coordinator.close(), events.close()]);
      await connection.close();
    },
  };
}
