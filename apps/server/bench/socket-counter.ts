/**
 * The receiving end of the socket delivery bench, a child process of its own (started with IPC):
 * it holds socket.io clients as raw TCP connections and only counts. A socket.io client would
 * parse every frame, decode its JSON and call a listener; here each connection reads the
 * WebSocket frame headers and compares the first bytes of a text frame with the event it counts
 * (`42["<event>"`), so a delivery costs the receiver a few comparisons and its share of a read.
 * It speaks just enough Engine.IO v4 to stay connected: on the open packet (`0{...}`) it joins
 * the default namespace (`40`), and it answers every ping (`2`) with a pong (`3`).
 *
 * Messages from the parent: `open` (connect `sockets` connections to each port and wait until
 * every one joined the namespace), `park` (a port's sockets subscribe to one pair the driver
 * leaves alone, or back to every pair), `read` (the counts per port since the previous `read`, and the CPU this
 * process used so far), `close` (end every connection). Each is answered with one message of the same `type`.
 */
import { connect, type Socket } from 'node:net';

export interface CounterTarget {
  port: number;
  sockets: number;
}

export type CounterRequest =
  | { type: 'open'; path: string; event: string; targets: CounterTarget[] }
  /** a port's sockets subscribe to `parkedPair` only (receiving none of the counted pushes), or go back to every pair (`parkedPair` undefined) */
  | { type: 'park'; port: number; parkedPair?: { legal_id: number; currency_id: number } }
  | { type: 'read' }
  | { type: 'close' };

export interface PortCounts {
  port: number;
  sockets: number;
  /** frames of the counted event since the previous read, summed over the port's connections */
  events: number;
  /** the fewest and the most any one connection of the port counted */
  least: number;
  most: number;
}

export type CounterReply = { type: 'open' } | { type: 'park' } | { type: 'read'; ports: PortCounts[]; cpuMicros: number } | { type: 'close' };

const OPEN = 0x30; // '0': Engine.IO open
const PING = 0x32; // '2': Engine.IO ping
const CONNECTED = 0x34; // '4' followed by '0': the namespace joined
const TEXT = 0x1;
/** A client's text frame must be masked: a zero mask leaves the payload as it is. */
const clientFrame = (text: string) => {
  if (text.length > 125) throw new Error('a client frame here carries 125 bytes at most');
  return Buffer.concat([Buffer.from([0x80 | TEXT, 0x80 | text.length, 0, 0, 0, 0]), Buffer.from(text)]);
};
const JOIN = clientFrame('40');
const PONG = clientFrame('3');
const READ_BUFFER = Buffer.alloc(256 * 1024);
/** how often each joined connection reads what arrived: far more often than Engine.IO's ping timeout */
const POLL_MS = 1000;

class CountingConnection {
  private events = 0;
  private rest: Buffer | undefined;
  /** bytes of a payload still to come in the next chunks */
  private skip = 0;
  private readonly socket: Socket;

  constructor(
    port: number,
    socketPath: string,
    private readonly prefix: Buffer,
    onJoined: () => void,
    onFailed: (error: Error) => void,
  ) {
    let upgraded = false;
    let joined = false;
    // every read lands in one buffer shared by all connections; what a frame leaves for the next
    // read is copied out (`rest`)
    this.socket = connect({ host: '127.0.0.1', port, onread: { buffer: READ_BUFFER, callback: (bytes) => onRead(READ_BUFFER.subarray(0, bytes)) } }, () => {
      this.socket.setNoDelay(true);
      this.socket.write(
        `GET ${socketPath}?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    this.socket.on('error', onFailed);
    const onRead = (chunk: Buffer): boolean => {
      if (!upgraded) {
        const buffer = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          this.rest = Buffer.from(buffer);
          return true;
        }
        this.rest = undefined;
        if (!buffer.subarray(0, 12).toString().includes(' 101')) {
          onFailed(new Error(`no WebSocket upgrade: ${buffer.subarray(0, end).toString()}`));
          return true;
        }
        upgraded = true;
        chunk = buffer.subarray(end + 4);
      }
      this.read(chunk, (first, second) => {
        if (first === OPEN) this.socket.write(JOIN);
        else if (first === CONNECTED && second === OPEN && !joined) {
          joined = true;
          onJoined();
        }
      });
      // once joined, the connection reads only when `poll` resumes it: the pushes wait in the
      // kernel meanwhile, so one read takes many frames
      return !joined;
    };
  }

  /** Reads what arrived since the last poll (the socket pauses itself again after the read). */
  poll(): void {
    // a paused stream resumes reading only from the paused state
    this.socket.pause();
    this.socket.resume();
  }

  /** Walks the frames in `chunk`; a text frame that is not the counted event goes to `other` by its first two bytes. */
  private read(chunk: Buffer, other: (first: number, second: number | undefined) => void): void {
    let buffer = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = undefined;
    let at = 0;
    if (this.skip > 0) {
      at = Math.min(this.skip, buffer.length);
      this.skip -= at;
    }
    const prefix = this.prefix;
    while (at < buffer.length) {
      if (buffer.length - at < 2) break;
      const short = (buffer[at + 1] as number) & 0x7f;
      let header = 2;
      let length = short;
      if (short === 126) {
        if (buffer.length - at < 4) break;
        length = buffer.readUInt16BE(at + 2);
        header = 4;
      } else if (short === 127) {
        if (buffer.length - at < 10) break;
        length = Number(buffer.readBigUInt64BE(at + 2));
        header = 10;
      }
      const start = at + header;
      // the frame's first bytes must be here to tell which packet it is
      if (buffer.length < start + Math.min(length, prefix.length)) break;
      if (((buffer[at] as number) & 0x0f) === TEXT && length > 0) {
        if (length >= prefix.length && bytesAt(buffer, start, prefix)) this.events += 1;
        else if (length === 1 && buffer[start] === PING) this.socket.write(PONG);
        else other(buffer[start] as number, length > 1 ? buffer[start + 1] : undefined);
      }
      const end = start + length;
      if (end > buffer.length) {
        this.skip = end - buffer.length;
        at = buffer.length;
        break;
      }
      at = end;
    }
    if (at < buffer.length) {
      buffer = Buffer.from(buffer.subarray(at));
      this.rest = buffer;
    }
  }

  /** the counted frames since the last call */
  takeEvents(): number {
    const events = this.events;
    this.events = 0;
    return events;
  }

  send(frame: Buffer): void {
    this.socket.write(frame);
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * Whether `buffer` holds `expected` from `at`: a loop the JIT inlines. `Buffer.compare` with
 * offsets is a native call that validates its arguments, and took three quarters of this
 * process's own CPU at 200,000 frames a second.
 */
function bytesAt(buffer: Buffer, at: number, expected: Buffer): boolean {
  for (let index = 0; index < expected.length; index += 1) if (buffer[at + index] !== expected[index]) return false;
  return true;
}

let held: { port: number; connections: CountingConnection[] }[] = [];

setInterval(() => {
  for (const { connections } of held) for (const connection of connections) connection.poll();
}, POLL_MS);

async function open(socketPath: string, event: string, targets: CounterTarget[]): Promise<void> {
  const prefix = Buffer.from(`42["${event}"`);
  for (const target of targets) {
    const connections: CountingConnection[] = [];
    held.push({ port: target.port, connections });
    // a few at a time: a burst of handshakes would only queue in the gateway's accept backlog
    for (let first = 0; first < target.sockets; first += 50) {
      const batch = Math.min(50, target.sockets - first);
      await Promise.all(
        Array.from(
          { length: batch },
          () =>
            new Promise<void>((resolve, reject) => {
              connections.push(new CountingConnection(target.port, socketPath, prefix, resolve, reject));
            }),
        ),
      );
    }
  }
}

/** The counts since the previous `read`. */
function takeCounts(): PortCounts[] {
  return held.map(({ port, connections }) => {
    const each = connections.map((connection) => connection.takeEvents());
    return { port, sockets: each.length, events: each.reduce((sum, value) => sum + value, 0), least: Math.min(...each), most: Math.max(...each) };
  });
}

const answer = (reply: CounterReply) => process.send?.(reply);

process.on('message', (request: CounterRequest) => {
  if (request.type === 'open') {
    open(request.path, request.event, request.targets).then(
      () => answer({ type: 'open' }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else if (request.type === 'park') {
    const frame = clientFrame(request.parkedPair ? `42["sub",${JSON.stringify(request.parkedPair)}]` : '42["unsub"]');
    for (const { port, connections } of held) if (port === request.port) for (const connection of connections) connection.send(frame);
    answer({ type: 'park' });
  } else if (request.type === 'read') {
    const used = process.cpuUsage();
    answer({ type: 'read', ports: takeCounts(), cpuMicros: used.user + used.system });
  } else {
    for (const { connections } of held) for (const connection of connections) connection.close();
    held = [];
    answer({ type: 'close' });
  }
});
// the parent's end ends this process
process.on('disconnect', () => process.exit(0));
