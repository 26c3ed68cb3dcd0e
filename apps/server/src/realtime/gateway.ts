import type { IncomingMessage, Server as HttpServer } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { sessionTokenFromCookieHeader } from '../http/cookies';
import { MAX_TIMER_MS } from '../lib/timers';
import { tokenDigest } from '../lib/tokens';
import type { AuthService, AuthenticatedUser } from '../modules/auth/service';
import type { Revocation } from '../modules/auth/session-repository';
import { SessionSockets } from './session-sockets';
import { coalesceWebSocketWrites } from './write-coalescing';

/** The server-side event that carries a revocation to the other gateways. */
const REVOKED = 'tessera:revoked';

export const SOCKET_PATH = '/wss/socket.io/';

/** The room of one user's authenticated sockets: private pushes go only there. */
export const userRoom = (userId: number) => `user:${userId}`;

interface SocketData {
  user?: AuthenticatedUser;
  /** the digest of the token the socket proved itself with */
  session?: string;
  /** the revocation count when its token was looked up */
  checkedAt?: number;
}

/**
 * The socket.io gateway on the HTTP server. Old clients speak Engine.IO v3, so it is enabled.
 * A socket proves who it is with its token (handshake `auth.token` or query `token`) or, for old
 * browser clients that send neither, the session cookie of their login; the `login` event then
 * joins the user's room only when the id it names is that user's own. A socket lives no longer
 * than its session: revoking the session (logout, password change, operator lock) disconnects it
 * at once, and it is disconnected when the session expires. A browser page of another site cannot
 * open one: a request whose Origin is neither this server's host nor one of `allowedOrigins` is
 * refused before the handshake (clients that are not browsers send no Origin).
 */
export function attachGateway(
  httpServer: HttpServer,
  auth: AuthService,
  allowedOrigins: readonly string[] = [],
  /** socket.io's Redis adapter: emits and revocations reach every gateway's sockets */
  adapter?: ServerOptions['adapter'],
): Server {
  const io = new Server(httpServer, {
    path: SOCKET_PATH,
    allowEIO3: true,
    serveClient: false,
    allowRequest: (request, callback) => callback(null, originAllowed(request, allowedOrigins)),
    ...(adapter ? { adapter } : {}),
  });
  coalesceWebSocketWrites(io.engine);
  const held = new SessionSockets();
  // a revocation ends the session's sockets here and, through the adapter, on every other gateway
  auth.onRevoked((revocation) => {
    held.revoke(revocation);
    if (adapter) io.serverSideEmit(REVOKED, revocation);
  });
  if (adapter) {
    io.on(REVOKED, (revocation: Revocation) => {
      auth.forgetRevoked(revocation);
      held.revoke(revocation);
    });
  }

  // socket.io ignores a middleware's promise: a failure must reach `next`, which refuses the
  // connection, or the handshake would hang and the rejection go unhandled
  io.use((socket, next) => {
    identify(socket, auth, held.revocations).then(
      () => next(),
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  io.on('connection', (socket) => {
    const data = socket.data as SocketData;
    if (data.user && data.session) {
      held.add(socket, data.session, data.user.id);
      const expiry = endAtExpiry(auth, socket, data);
      socket.once('disconnect', () => {
        held.remove(socket);
        clearTimeout(expiry.timer);
      });
      // a revocation between the token's lookup and now found no socket to end: look again
      if (data.checkedAt !== held.revocations) void endIfRevoked(auth, socket, data);
    }
    // an ack, when the client passes one, says whether the socket joined the user's room
    socket.on('login', (claimed: unknown, ack?: unknown) => {
      const user = data.user;
      const joined = user !== undefined && String(claimed) === String(user.id);
      if (joined) void socket.join(userRoom(user.id));
      if (typeof ack === 'function') (ack as (reply: { type: 'ok' | 'error' }) => void)({ type: joined ? 'ok' : 'error' });
    });
  });
  return io;
}

/**
 * Attaches the user and session a socket's token proves; a token that proves nothing (unknown,
 * expired or revoked session) leaves the socket anonymous, still allowed the public pushes.
 */
async function identify(socket: Socket, auth: AuthService, revocations: number): Promise<void> {
  const token = tokenFromHandshake(socket);
  if (!token) return;
  const data = socket.data as SocketData;
  const session = tokenDigest(token);
  data.checkedAt = revocations;
  const user = await auth.authenticateSession(session).catch(() => 'unknown' as const);
  if (typeof user !== 'string') Object.assign(data, { user, session });
}

/** Answers whether the session still proves the user; disconnects the socket when it does not. */
async function endIfRevoked(auth: AuthService, socket: Socket, data: SocketData): Promise<AuthenticatedUser | undefined> {
  const user = data.session ? await auth.authenticateSession(data.session).catch(() => 'unknown' as const) : 'unknown';
  if (typeof user !== 'string') return user;
  socket.disconnect(true);
  return undefined;
}

/**
 * Disconnects the socket when its session expires, as the database says then. A session it still
 * holds live (a clock a moment behind) is looked at again a second later at the soonest.
 */
function endAtExpiry(auth: AuthService, socket: Socket, data: SocketData): { timer?: NodeJS.Timeout } {
  const expiry: { timer?: NodeJS.Timeout } = {};
  const arm = (at: Date | undefined, soonestMs: number) => {
    if (at === undefined || !socket.connected) return;
    const delay = Math.min(Math.max(soonestMs, at.getTime() - Date.now()), MAX_TIMER_MS);
    expiry.timer = setTimeout(() => void endIfRevoked(auth, socket, data).then((user) => arm(user?.sessionExpiresAt, 1000)), delay);
    expiry.timer.unref();
  };
  arm(data.user?.sessionExpiresAt, 0);
  return expiry;
}

/**
 * A request without an Origin comes from a client that is not a browser, or from a page of this
 * very server (same-origin polling); with one, it must name this server's host or be allowed.
 */
export function originAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.host === request.headers.host || allowedOrigins.includes(parsed.origin);
}

function tokenFromHandshake(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  return sessionTokenFromCookieHeader(socket.handshake.headers.cookie, fastifyCookie.parse);
}
