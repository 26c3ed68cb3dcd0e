import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AuthService, AuthenticatedUser } from '../modules/auth/service';

export const SOCKET_PATH = '/wss/socket.io/';

/** The room of one user's authenticated sockets: private pushes go only there. */
export const userRoom = (userId: number) => `user:${userId}`;

interface SocketData {
  user?: AuthenticatedUser;
}

/**
 * The socket.io gateway on the HTTP server. Old clients speak Engine.IO v3, so it is enabled.
 * A socket proves who it is with its token (handshake `auth.token` or query `token`); the
 * `login` event then joins the user's room only when the id it names is that user's own.
 */
export function attachGateway(httpServer: HttpServer, auth: AuthService): Server {
  const io = new Server(httpServer, { path: SOCKET_PATH, allowEIO3: true, serveClient: false });
  io.use(async (socket, next) => {
    const token = tokenFromHandshake(socket);
    if (token) {
      const user = await auth.authenticate(token).catch(() => 'unknown' as const);
      if (typeof user !== 'string') (socket.data as SocketData).user = user;
    }
    next();
  });
  io.on('connection', (socket) => {
    socket.on('login', (claimed: unknown) => {
      const user = (socket.data as SocketData).user;
      if (user && String(claimed) === String(user.id)) void socket.join(userRoom(user.id));
    });
  });
  return io;
}

function tokenFromHandshake(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query.token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}
