import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// The process's own numbers (CPU, memory, event-loop lag, garbage collection) are one set per process,
// however many apps it builds. collectDefaultMetrics starts an event-loop-delay monitor and a GC observer
// that nothing stops: made per app, they piled up in a process that builds many (the API tests build
// one per test file in a single worker), each keeping its registry alive.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The process's Prometheus metrics (GET /metrics): the process-wide ones
 * and this app's own. One registry per app, so several apps in one test
 * process do not share counters. Parts that know a number (the database
 * pool, the mail queue) add a gauge that reads it at scrape time with
 * `gauge`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly contentType = this.registry.contentType;

  constructor() {
    processMetrics();
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request durations by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /** The exposition text of the process's metrics and this app's. */
  text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  /** A gauge read when scraped: `read` returns one value, or values by label. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  gauge<L extends string>(name: string, help: string, read: () => Promise<Record<string, number>> | Record<string, number>, label: L): void;
  gauge(name: string, help: string, read: () => unknown, label?: string): void {
    new Gauge({
      name,
      help,
      labelNames: label ? [label] : [],
      registers: [this.registry],
      async collect() {
        const value = await read();
        if (label === undefined) this.set(value as number);
        else for (const [k, v] of Object.entries(value as Record<string, number>)) this.set({ [label]: k }, v);
      },
    });
  }
}
