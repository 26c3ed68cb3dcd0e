import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../src/realtime/gateway';

/** A socket.io client connected to the server at `base` (with a session token, when given), not reconnecting by itself. */
export async function openSocket(base: string, token?: string): Promise<Socket> {
  const socket = connect(base, { path: SOCKET_PATH, auth: token ? { token } : {}, transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The next `event` the socket receives that `accept` takes, or 'timeout'. */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000, accept: (payload: T) => boolean = () => true): Promise<T | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      resolve('timeout');
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Whether `check` turns true within `timeoutMs`, asked every `everyMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 5000, everyMs = 50): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return false;
}
