import type { FastifyBaseLogger } from 'fastify';

/**
 * Crash-only: a core that failed (a batch write failed and so did reloading the state) ends the
 * process with code 1 once the log is flushed, so that a supervisor restarts it from the durable
 * state, rather than serving on with memory that may hold what the database does not.
 */
export function exitOnCoreFailure(exit: (code: number) => void = (code) => process.exit(code)) {
  return (log: FastifyBaseLogger): void => {
    // pino's logger can flush its stream; fastify's silent logger has nothing to flush
    const flush = (log as FastifyBaseLogger & { flush?: (done: () => void) => void }).flush;
    if (typeof flush === 'function') flush.call(log, () => exit(1));
    else exit(1);
  };
}
