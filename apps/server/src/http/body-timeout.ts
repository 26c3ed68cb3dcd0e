import type { FastifyInstance } from 'fastify';

/**
 * Cuts a request whose body is not complete `timeoutMs` after its headers arrived (a client that
 * stalls mid-upload, an unfinished chunked body): it answers 408 and closes the connection, rather
 * than holding it open until the client gives up.
 */
export function installBodyTimeout(http: FastifyInstance, timeoutMs: number): void {
  http.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const length = Number(request.headers['content-length'] ?? 0);
    // only a request that announces a body waits for one
    const hasBody = request.headers['transfer-encoding'] !== undefined || length > 0;
    if (!hasBody || raw.readableEnded) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (raw.readableEnded) return;
      const socket = raw.socket;
      request.log.warn({ timeoutMs }, 'request body not complete in time: connection closed');
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
    }, timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    reply.raw.once('close', clear);
    done();
  });
}
