import { binaryMissing, startOwnServer, type OwnServer } from './own-server';

/** The redis-server binary a test starts its own Redis with (REDIS_SERVER_BIN). */
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export const redisServerMissing = () => binaryMissing(REDIS_SERVER_BIN, 'REDIS_SERVER_BIN');

/** A Redis of the test's own (see `startOwnServer`), keeping nothing on disk. */
export const startRedisServer = (): Promise<OwnServer> =>
  startOwnServer('redis-server', REDIS_SERVER_BIN, (port) => ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], (port) => `redis://127.0.0.1:${port}`);
