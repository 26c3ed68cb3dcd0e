import { binaryMissing, startOwnServer, type OwnServer } from './own-server';

/** The nats-server binary the fault tests start their own NATS with (NATS_SERVER_BIN). */
export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export const natsServerMissing = () => binaryMissing(NATS_SERVER_BIN, 'NATS_SERVER_BIN');

export type NatsServer = OwnServer;

/** A NATS server of the test's own (see `startOwnServer`). */
export const startNatsServer = (): Promise<NatsServer> => startOwnServer('nats-server', NATS_SERVER_BIN, (port) => ['-a', '127.0.0.1', '-p', String(port)], (port) => `nats://127.0.0.1:${port}`);
