import type { Server as HttpServer } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { Server, type Socket } from 'socket.io';
import { sessionTokenFromCookieHeader } from '../http/cookies';
import { tokenDigest } from '../lib/tokens';
import type { AuthService, AuthenticatedUser } from '../modules/auth/service';

export const SOCKET_PATH = '/wss/socket.io/';

/** The room of one user's authenticated sockets: private pushes go only there. */
export const userRoom = (userId: number) => `user:${userId}`;

interface SocketData {
  user?: AuthenticatedUser;
  /** digest of the session token the socket proved itself with */
  session?: string;
}

/**
 * The socket.io gateway on the HTTP server. Old clients speak Engine.IO v3, so it is enabled.
 * A socket proves who it is with its token (handshake `auth.token` or query `token`) or, for old
 * browser clients that send neither, the session cookie of their login; the `login` event then
 * joins the user's room only when the id it names is that user's own. A logout closes the
 * sockets of the session it ends.
 */
export function attachGateway(httpServer: HttpServer, auth: AuthService): Server {
  const io = new Server(httpServer, { path: SOCKET_PATH, allowEIO3: true, serveClient: false });
  const sessionSockets = new Map<string, Set<Socket>>();
  io.use(async (socket, next) => {
    const token = tokenFromHandshake(socket);
    if (token) {
      const user = await auth.authenticate(token).catch(() => 'unknown' as const);
      if (typeof user !== 'string') Object.assign(socket.data as SocketData, { user, session: tokenDigest(token) });
    }
    next();
  });
  io.on('connection', (socket) => {
    const session = (socket.data as SocketData).session;
    if (session) {
      const sockets = sessionSockets.get(session) ?? new Set<Socket>();
      sessionSockets.set(session, sockets.add(socket));
      socket.once('disconnect', () => {
        sockets.delete(socket);
        if (sockets.size === 0 && sessionSockets.get(session) === sockets) sessionSockets.delete(session);
      });
    }
    // an ack, when the client passes one, says whether the socket joined the user's room
    socket.on('login', (claimed: unknown, ack?: unknown) => {
      const user = (socket.data as SocketData).user;
      const joined = user !== undefined && String(claimed) === String(user.id);
      if (joined) void socket.join(userRoom(user.id));
      if (typeof ack === 'function') (ack as (reply: { type: 'ok' | 'error' }) => void)({ type: joined ? 'ok' : 'error' });
    });
  });
  auth.onLogout((digest) => {
    for (const socket of sessionSockets.get(digest) ?? []) socket.disconnect(true);
  });
  return io;
}

function tokenFromHandshake(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  return sessionTokenFromCookieHeader(socket.handshake.headers.cookie, fastifyCookie.parse);
}
