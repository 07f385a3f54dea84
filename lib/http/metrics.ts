import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The operators' metrics (`GET /api/metrics`, Prometheus text format), one registry per
 * process shared by the web application and the in-process service:
 *
 * - `lbo_requests_total` and `lbo_request_duration_seconds` per layer (`bff`, `service`),
 *   call (a path of the call table, never a raw URL, so the label set stays bounded) and
 *   HTTP status;
 * - `lbo_db_pool_connections{state}` (max, open, idle, waiting) of the service's database;
 * - `process_*` and `nodejs_*`: memory, CPU, event-loop lag, handles (prom-client's defaults).
 *
 * - `lbo_outbox_backlog`: messages waiting in the outbox, read at each scrape from the
 *   service's `outboxBacklog` probe; it has no sample until the service provides one.
 */
export type Layer = 'bff' | 'service';

/** What a connection pool reports; PGlite is a pool of one. */
export interface PoolStats { max: number; total: number; idle: number; waiting: number }

interface MetricsHolder {
  registry: Registry;
  requests: Counter<'layer' | 'call' | 'status'>;
  duration: Histogram<'layer' | 'call' | 'status'>;
  deliveries: Counter<'target' | 'outcome'>;
  probe?: DatabaseProbe;
}

/** What the service reports of its database, read at each scrape. */
export interface DatabaseProbe {
  pool(): PoolStats;
  /** Messages waiting in the outbox (the outbox module provides it). */
  outboxBacklog?(): Promise<number>;
}

const holder = globalThis as typeof globalThis & { __lboMetrics?: MetricsHolder };

function create(): MetricsHolder {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['layer', 'call', 'status'] as const;
  const requests = new Counter({ name: 'lbo_requests_total', help: 'Calls answered, per layer, call path and HTTP status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'lbo_request_duration_seconds', help: 'Time to answer a call, per layer, call path and HTTP status', labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15], registers: [registry],
  });
  const deliveries = new Counter({
    name: 'lbo_push_deliveries_total', help: 'Outbox delivery attempts of this process, per push target (or supervision) and outcome',
    labelNames: ['target', 'outcome'], registers: [registry],
  });
  const made: MetricsHolder = { registry, requests, duration, deliveries };
  new Gauge({
    name: 'lbo_db_pool_connections', help: 'Database connections of the platform service by state (max, open, idle, waiting)',
    labelNames: ['state'], registers: [registry],
    collect() {
      const stats = made.probe?.pool();
      if (!stats) return;
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'lbo_outbox_backlog', help: 'Messages waiting in the outbox', registers: [registry],
    async collect() {
      const backlog = await made.probe?.outboxBacklog?.();
      if (backlog !== undefined) this.set(backlog);
    },
  });
  return made;
}

const metrics = (): MetricsHolder => (holder.__lboMetrics ??= create());

/** Counts one answered call. `call` must be a path of the call table (or 'other'). */
export function observeCall(layer: Layer, call: string, status: number, seconds: number) {
  const labels = { layer, call, status: String(status) };
  metrics().requests.inc(labels);
  metrics().duration.observe(labels, seconds);
}

/** Counts one outbox delivery attempt: its target ('supervision' for the daily batch) and how it went. */
export function countDelivery(target: string, outcome: 'delivered' | 'failed' | 'dead') {
  metrics().deliveries.inc({ target, outcome });
}

/** The service names its database (the latest one opened); closing it clears its own probe only. */
export function reportDatabase(probe: DatabaseProbe | undefined, closing?: DatabaseProbe) {
  const held = metrics();
  if (!closing || held.probe === closing) held.probe = probe;
}

/** The exposition: text and its content type. */
export async function metricsText(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}
