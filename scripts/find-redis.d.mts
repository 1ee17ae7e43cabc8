/** The redis-server to run ($REDIS_SERVER, PATH, or installed with apt-get as root); null after printing why not. */
export function findRedisServer(): string | null;
