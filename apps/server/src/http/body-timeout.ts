/**
 * Cuts a request that is not received entirely `timeoutMs` after it began (a client that stalls
 * mid-upload, an unfinished chunked body, headers sent a byte at a time): it answers 408 and closes
 * the connection, rather than holding it open until the client gives up.
 *
 * Node's HTTP server does this itself (`requestTimeout`), from a check of its open connections
 * every `connectionsCheckingInterval`, at no cost to a request that arrives whole; a timer and
 * listeners of our own for every request with a body cost a few microseconds each on the busiest
 * calls. The check runs ten times per timeout (at most once a second, at least every 50 ms), so a
 * stalled request is cut at most a tenth of the timeout late. A request received whole is never
 * cut, however long its handler takes.
 *
 * The timeout is given to Node when the server is made (`http`): set later, as Fastify sets its own
 * `requestTimeout`, Node's check never cuts anything.
 */
export function bodyTimeoutOptions(timeoutMs: number): { requestTimeout: number; http: { requestTimeout: number; connectionsCheckingInterval: number } } {
  const connectionsCheckingInterval = Math.min(1_000, Math.max(50, Math.floor(timeoutMs / 10)));
  return { requestTimeout: timeoutMs, http: { requestTimeout: timeoutMs, connectionsCheckingInterval } };
}
