import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Server as SocketServer } from 'socket.io';
import type { Core } from '../core/core';
import type { AddressAllowList } from '../modules/admin/address-allow-list';

/**
 * The process's metrics in Prometheus format (docs/operations.md "Metrics", the dashboard in
 * docs/grafana-dashboard.json). Every series is named `tessera_…`; the process's role is a label
 * on all of them, so one dashboard shows the core and every gateway.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly batchSize: Histogram;
  private readonly commitSeconds: Histogram;
  private readonly commands: Counter<'kind'>;
  private readonly refusals: Counter<'kind'>;
  private readonly deliveries: Counter;
  private readonly httpSeconds: Histogram<'method' | 'route' | 'status'>;
  private readonly watcherLag: Gauge;

  constructor(role: string) {
    this.registry.setDefaultLabels({ role });
    collectDefaultMetrics({ register: this.registry, prefix: 'tessera_' });
    const registers = [this.registry];
    this.batchSize = new Histogram({ name: 'tessera_core_batch_size', help: 'commands per core batch', buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500], registers });
    this.commitSeconds = new Histogram({
      name: 'tessera_core_commit_seconds',
      help: 'from the first command of a batch applied to the batch durable',
      buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2],
      registers,
    });
    this.commands = new Counter({ name: 'tessera_core_commands_total', help: 'core commands applied or refused, per kind', labelNames: ['kind'], registers });
    this.refusals = new Counter({ name: 'tessera_core_refusals_total', help: 'core commands refused, per kind', labelNames: ['kind'], registers });
    this.deliveries = new Counter({ name: 'tessera_socket_deliveries_total', help: 'messages written to sockets', registers });
    this.httpSeconds = new Histogram({
      name: 'tessera_http_request_seconds',
      help: 'HTTP request latency per route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.watcherLag = new Gauge({ name: 'tessera_watcher_lag_seconds', help: 'the last chain report: from the watcher seeing it to the credit durable', registers });
  }

  /** The core's batches and commands, and the work it holds (read at each scrape). */
  watchCore(core: Core): void {
    core.observe({
      batch: (size, seconds) => {
        this.batchSize.observe(size);
        this.commitSeconds.observe(seconds);
      },
      command: (kind, refused) => {
        this.commands.inc({ kind });
        if (refused) this.refusals.inc({ kind });
      },
    });
    const registers = [this.registry];
    new Gauge({ name: 'tessera_core_queue_depth', help: 'commands waiting for the core', registers, collect() { this.set(core.pending.queued); } });
    new Gauge({ name: 'tessera_core_deadlines_pending', help: 'deadlines the core holds', registers, collect() { this.set(core.pending.deadlines); } });
    new Gauge({ name: 'tessera_core_triggers_pending', help: 'price and last-trade triggers the core holds', registers, collect() { this.set(core.pending.triggers); } });
    new Gauge({
      name: 'tessera_index_staleness_seconds',
      help: 'age of the index tick behind each lever pair’s mark',
      labelNames: ['pair'],
      registers,
      collect() {
        const now = Date.now();
        for (const pair of core.read.leverPairs()) {
          const mark = core.read.mark(pair.pairId);
          if (mark) this.set({ pair: String(pair.pairId) }, (now - mark.at.getTime()) / 1000);
        }
      },
    });
  }

  /** Connected sockets (read at each scrape) and every message written to one. */
  watchSockets(io: SocketServer): void {
    new Gauge({ name: 'tessera_sockets', help: 'connected socket.io clients', registers: [this.registry], collect() { this.set(io.engine.clientsCount); } });
    io.engine.on('connection', (socket: { on(event: 'packetCreate', listener: (packet: { type: string }) => void): void }) => {
      socket.on('packetCreate', (packet) => {
        if (packet.type === 'message') this.deliveries.inc();
      });
    });
  }

  /** Latency of every request, by its route's pattern (not its URL: ids stay out of labels). */
  watchHttp(http: FastifyInstance): void {
    http.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpSeconds.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }

  chainReported(seconds: number): void {
    this.watcherLag.set(seconds);
  }

  /** GET /metrics, answering only addresses of the operators' allow-list (loopback when there is none). */
  route(http: FastifyInstance, allowed: AddressAllowList): void {
    http.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allowed.allows(request.socket.remoteAddress ?? '')) return reply.code(404).send({ error: 'not found' });
      return reply.type(this.registry.contentType).send(await this.registry.metrics());
    });
  }
}
