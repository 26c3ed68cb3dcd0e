/**
 * The part of socket.io-client 2.x (installed as `socket-io-client-v2`, it ships no types) that
 * the compatibility suite uses: the client old web clients are built with, speaking Engine.IO 3.
 */
declare module 'socket-io-client-v2' {
  export interface LegacySocket {
    readonly id: string;
    readonly connected: boolean;
    on(event: string, listener: (...args: unknown[]) => void): LegacySocket;
    once(event: string, listener: (...args: unknown[]) => void): LegacySocket;
    emit(event: string, ...args: unknown[]): LegacySocket;
    close(): LegacySocket;
  }

  export interface LegacyOptions {
    path?: string;
    transports?: string[];
    forceNew?: boolean;
    reconnection?: boolean;
    /** sent with every polling request and the websocket upgrade (Node only) */
    extraHeaders?: Record<string, string>;
  }

  export default function io(uri: string, options?: LegacyOptions): LegacySocket;
}
