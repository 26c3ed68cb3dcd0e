import type { Socket } from 'socket.io';
import type { Revocation } from '../modules/auth/session-repository';

interface Holder {
  session: string;
  userId: number;
}

/**
 * The authenticated sockets by the session (token digest) and the user they belong to, so that
 * a revoked session loses its sockets at once: a logout ends that session's sockets, a password
 * change or an operator's lock every socket of the user but those of the session kept.
 */
export class SessionSockets {
  private readonly holders = new Map<Socket, Holder>();
  private readonly bySession = new Map<string, Set<Socket>>();
  private readonly byUser = new Map<number, Set<Socket>>();
  private revocationCount = 0;

  /** How many revocations there have been: a socket authenticated across one is checked again. */
  get revocations(): number {
    return this.revocationCount;
  }

  add(socket: Socket, session: string, userId: number): void {
    this.holders.set(socket, { session, userId });
    addTo(this.bySession, session, socket);
    addTo(this.byUser, userId, socket);
  }

  remove(socket: Socket): void {
    const holder = this.holders.get(socket);
    if (!holder) return;
    this.holders.delete(socket);
    removeFrom(this.bySession, holder.session, socket);
    removeFrom(this.byUser, holder.userId, socket);
  }

  /** Disconnects every socket the revocation ended. */
  revoke(revocation: Revocation): void {
    this.revocationCount += 1;
    const candidates =
      revocation.kind === 'session' ? this.bySession.get(revocation.digest) : this.byUser.get(revocation.userId);
    const ended = [...(candidates ?? [])].filter(
      (socket) => revocation.kind === 'session' || this.holders.get(socket)?.session !== revocation.keep,
    );
    for (const socket of ended) {
      this.remove(socket);
      socket.disconnect(true);
    }
  }

  /** Authenticated sockets held (for tests). */
  get size(): number {
    return this.holders.size;
  }
}

function addTo<K>(index: Map<K, Set<Socket>>, key: K, socket: Socket): void {
  let sockets = index.get(key);
  if (!sockets) index.set(key, (sockets = new Set()));
  sockets.add(socket);
}

function removeFrom<K>(index: Map<K, Set<Socket>>, key: K, socket: Socket): void {
  const sockets = index.get(key);
  sockets?.delete(socket);
  if (sockets?.size === 0) index.delete(key);
}
