// `@agent-chat/server/redis`: sessions, the run lock, Stop and resumable events shared by several instances through
// Redis, with the `redis` (node-redis) client, an optional peer dependency: only this entry imports it.
export { redisStore, type RedisStoreOptions, type RedisSessionStore } from './redis/redis-store.js';
export { redisRunCoordinator, type RedisRunCoordinatorOptions, type RedisRunCoordinator } from './redis/redis-run-coordinator.js';
export { redisEventLog, type RedisEventLogOptions, type RedisEventLog } from './redis/redis-event-log.js';
export { redisCoordination, type RedisCoordinationOptions, type RedisCoordination, type RedisPartOptions } from './redis/redis-coordination.js';
export type { RedisClientLike, RedisSource, RedisCommonOptions } from './redis/connection.js';
