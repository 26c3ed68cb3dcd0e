import type {
  BalancePush,
  ClosedMicroOrderPush,
  C2cOrderPush,
  DaymarketPush,
  KlinePush,
  MarketDepthPush,
  MarketDetailPush,
  PairSubscription,
  TransactionPush,
  UpdateKLinePush,
} from '@tessera/protocol';
import type { Socket } from 'socket.io-client';
import type { NotificationPush } from './notifications';
import type { LeverTradePush } from './lever';

/** The socket.io path of the realtime gateway. */
export const SOCKET_PATH = '/wss/socket.io/';

/** `update_balance`: the user's balances or orders changed; refetch them. */
export type { BalancePush };

/** Every push the web app listens to; the event name is the payload's `type`. */
export interface PushPayloads {
  daymarket: DaymarketPush;
  kline: KlinePush;
  market_depth: MarketDepthPush;
  market_detail: MarketDetailPush;
  transaction: TransactionPush;
  update_balance: BalancePush;
  /** a second contract of the signed-in user settled (to its owner only) */
  closed_microorder: ClosedMicroOrderPush;
  /** a pair's latest close */
  updateKLine: UpdateKLinePush;
  /** A c2c order of the user was taken or changed (both parties get it); read it again. */
  c2c_order: C2cOrderPush;
  /** a new notification of the user (the header's unread badge) */
  notification: NotificationPush;
  /** the signed-in user's lever trades and risk (to its owner only) */
  lever_trade: LeverTradePush;
}
export type PushName = keyof PushPayloads;
const PUSHES: readonly PushName[] = [
  'daymarket',
  'kline',
  'market_depth',
  'market_detail',
  'transaction',
  'update_balance',
  'closed_microorder',
  'updateKLine',
  'c2c_order',
  'notification',
  'lever_trade',
];

/** A pair to narrow the market pushes to (the server's `sub` event). */
export type { PairSubscription };

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface SocketIdentity {
  token: string | null;
  userId: string | null;
}

/** How long the connection stays open after the last screen that needed it has gone. */
const IDLE_CLOSE_MS = 30_000;

type Handler = (payload: never) => void;

/**
 * The one realtime connection of the page. Screens hold it with `acquire()` (the socket opens on
 * the first holder and closes a while after the last one lets go), listen with `on()`, and the
 * session tells it who is signed in with `setIdentity()`: the token goes in the handshake, and a
 * `login` event naming the user id follows every (re)connection, so private pushes arrive.
 */
export class RealtimeConnection {
  private socket: Socket | null = null;
  /** True from connect() to disconnect(), also while the client library is still loading. */
  private active = false;
  /** Increases with every connect and disconnect: a socket opened for an older one is dropped. */
  private generation = 0;
  private identity: SocketIdentity = { token: null, userId: null };
  private readonly handlers = new Map<PushName, Set<Handler>>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private holders = 0;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private currentStatus: ConnectionStatus = 'idle';
  /** Pairs the screens narrowed the pair-scoped pushes to, with how many screens asked for each. */
  private readonly pairs = new Map<string, { pair: PairSubscription; holders: number }>();

  constructor(private readonly open: (identity: SocketIdentity) => Promise<Socket> = defaultOpen) {}

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  /** Keeps the connection open until the returned release is called. */
  acquire(): () => void {
    this.holders += 1;
    if (this.closeTimer) {
      clearTimeout(this.closeTimer);
      this.closeTimer = null;
    }
    if (!this.active) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) {
        this.closeTimer = setTimeout(() => {
          this.closeTimer = null;
          if (this.holders === 0) this.disconnect();
        }, IDLE_CLOSE_MS);
      }
    };
  }

  /** A new token or user: an open connection reconnects with it (private pushes follow the user). */
  setIdentity(next: SocketIdentity): void {
    if (next.token === this.identity.token && next.userId === this.identity.userId) return;
    const tokenChanged = next.token !== this.identity.token;
    this.identity = { ...next };
    if (!this.active) return;
    if (tokenChanged) {
      this.disconnect();
      this.connect();
    } else if (this.socket?.connected && next.userId) {
      this.socket.emit('login', next.userId);
    }
  }

  /** Listens to one push; returns the way to stop listening. */
  on<K extends PushName>(event: K, handler: (payload: PushPayloads[K]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /**
   * Narrows the pair-scoped pushes (`kline`, `market_depth`, `market_detail`, `transaction`) to
   * this pair while the returned release is not called (the server's `sub` / `unsub`; `daymarket`
   * still comes for every pair). Without any subscription every pair's pushes arrive.
   */
  subscribePair(pair: PairSubscription): () => void {
    const key = `${pair.legal_id}-${pair.currency_id}`;
    const entry = this.pairs.get(key);
    if (entry) entry.holders += 1;
    else {
      this.pairs.set(key, { pair: { ...pair }, holders: 1 });
      if (this.socket?.connected) this.socket.emit('sub', { ...pair });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = this.pairs.get(key);
      if (!current) return;
      current.holders -= 1;
      if (current.holders > 0) return;
      this.pairs.delete(key);
      if (this.socket?.connected) this.socket.emit('unsub', { ...pair });
    };
  }

  /** Status changes (a reconnection means pushes may have been missed: refetch snapshots). */
  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private connect(): void {
    this.active = true;
    const generation = ++this.generation;
    this.setStatus('connecting');
    this.open(this.identity).then(
      (socket) => {
        if (generation !== this.generation) {
          socket.disconnect();
          return;
        }
        this.attach(socket);
      },
      (cause: unknown) => {
        console.error('[realtime] the socket client failed to load', cause);
        if (generation === this.generation) this.setStatus('reconnecting');
      },
    );
  }

  private attach(socket: Socket): void {
    this.socket = socket;
    socket.on('connect', () => {
      if (this.identity.userId) socket.emit('login', this.identity.userId);
      // A new connection starts with every pair's pushes: narrow them again.
      for (const { pair } of this.pairs.values()) socket.emit('sub', { ...pair });
      this.setStatus('open');
    });
    socket.on('disconnect', () => {
      if (this.socket === socket) this.setStatus('reconnecting');
    });
    socket.on('connect_error', (cause: Error) => {
      console.warn('[realtime] connection failed', cause.message);
      if (this.socket === socket) this.setStatus('reconnecting');
    });
    for (const event of PUSHES) {
      socket.on(event, (payload: unknown) => this.dispatch(event, payload));
    }
  }

  private disconnect(): void {
    this.active = false;
    this.generation += 1;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
    this.setStatus('idle');
  }

  private dispatch(event: PushName, payload: unknown): void {
    if (typeof payload !== 'object' || payload === null) return;
    const set = this.handlers.get(event);
    if (!set) return;
    for (const handler of set) {
      try {
        (handler as (payload: unknown) => void)(payload);
      } catch (cause) {
        console.error(`[realtime] ${event} handler failed`, cause);
      }
    }
  }
}

/** socket.io-client is loaded with the first screen that needs the feed, not with the app. */
async function defaultOpen(identity: SocketIdentity): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({
    path: SOCKET_PATH,
    auth: identity.token ? { token: identity.token } : {},
    // WebSocket first; long polling when a proxy refuses the upgrade.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelayMax: 10_000,
  });
}

/** The page's realtime connection. */
export const realtime = new RealtimeConnection();
