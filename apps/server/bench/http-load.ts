// A closed-loop HTTP/1.1 load generator for the API benchmark: each connection sends one request,
// waits for its reply, and sends the next. It exists because the benchmark's client shares the
// machine's two cores with the server it measures: autocannon rebuilds a request from scratch for
// every call that is not identical (a signed request never is), about 17 µs a request on this
// machine, and a closed loop puts that time between one reply and the next request of every
// connection, so the call a client finds harder to build looks slower on the server. Here every
// request is text the caller builds as cheaply as it can (a prefix made once per connection), and
// the reply is read only as far as its status, its length and its first bytes.
import net from 'node:net';
import { percentile } from './support';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** unmeasured load first, on the same connections */
  warmupSeconds: number;
  /** the next request of a connection (numbered from 0), as the bytes to write */
  request: (connection: number) => string;
  /** every reply, its status and its first bytes (at most 64) */
  onReply?: (status: number, head: string) => void;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** milliseconds */
  p50: number;
  p99: number;
  /** replies with a status outside 2xx, and connections that failed */
  errors: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/** Runs the load; resolves with the figures of the measured part, after every connection closed. */
export async function loadHttp(options: LoadOptions): Promise<LoadFigures> {
  const target = new URL(options.url);
  const started = performance.now();
  const measureFrom = started + options.warmupSeconds * 1000;
  const stopAt = measureFrom + options.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;

  const runConnection = (connection: number) =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= stopAt) {
          socket.end();
          return;
        }
        sentAt = performance.now();
        socket.write(options.request(connection));
      };
      socket.once('connect', send);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        // replies come one at a time (one request in flight), but a reply may arrive in pieces
        const reply = completeReply(pending);
        if (!reply) return;
        const at = performance.now();
        if (reply.status < 200 || reply.status > 299) errors += 1;
        if (sentAt >= measureFrom && at <= stopAt) latencies.push(at - sentAt);
        options.onReply?.(reply.status, pending.toString('utf8', reply.bodyStart, Math.min(reply.end, reply.bodyStart + 64)));
        pending = pending.subarray(reply.end);
        send();
      });
      socket.on('error', () => {
        errors += 1;
      });
      socket.on('close', () => resolve());
    });

  await Promise.all(Array.from({ length: options.connections }, (_, connection) => runConnection(connection)));
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** The first reply in `pending` once all of it arrived: its status and where its body starts and ends. */
function completeReply(pending: Buffer): { status: number; bodyStart: number; end: number } | undefined {
  const headerEnd = pending.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = pending.toString('latin1', 0, headerEnd);
  const length = CONTENT_LENGTH.exec(head);
  if (!length?.[1]) throw new Error(`the bench's client reads only replies with a content-length:\n${head}`);
  const bodyStart = headerEnd + HEADER_END.length;
  const end = bodyStart + Number(length[1]);
  if (pending.length < end) return undefined;
  return { status: Number(head.slice(9, 12)), bodyStart, end };
}

/**
 * One kept-alive connection that sends a request at a time and answers each with the reply's
 * status and body: for a bench part that places requests at its own pace rather than in a loop.
 */
export function keptAliveConnection(url: string) {
  const target = new URL(url);
  const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  let pending: Buffer = Buffer.alloc(0);
  const waiting: { resolve: (reply: { status: number; body: string }) => void; reject: (error: Error) => void }[] = [];
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (let reply = completeReply(pending); reply; reply = completeReply(pending)) {
      waiting.shift()?.resolve({ status: reply.status, body: pending.toString('utf8', reply.bodyStart, reply.end) });
      pending = pending.subarray(reply.end);
    }
  });
  const failAll = (error: Error) => {
    for (const request of waiting.splice(0)) request.reject(error);
  };
  socket.on('error', failAll);
  socket.on('close', () => failAll(new Error('the connection closed')));
  return {
    /** HTTP/1.1 answers requests on one connection in the order they came */
    send(request: string): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

/** The text of a request, its body's length counted in bytes. */
export function requestText(method: string, pathAndQuery: string, headers: string, body: string): string {
  return `${method} ${pathAndQuery} HTTP/1.1\r\nhost: bench\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}
