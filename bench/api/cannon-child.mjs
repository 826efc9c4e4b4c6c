// Runs one autocannon measurement in its own process (the server, and with
// PGlite the database too, keep the parent's event loop to themselves).
// A child process rather than a worker thread: autocannon treats any
// non-main thread as one of its own workers and skips aggregating results.
import autocannon from 'autocannon';

process.once('message', ({ url, duration, connections, requests, headers }) => {
  // Every response's time, for an exact p95 (autocannon's summary has p90 and p97.5, not p95).
  const times = [];
  const run = autocannon({ url, duration, connections, requests, headers, timeout: 30 }, (err, result) => {
    times.sort((a, b) => a - b);
    const p95 = times.length ? Math.round(times[Math.ceil(times.length * 0.95) - 1]) : null;
    const msg = err
      ? { error: String(err) }
      : {
          requests: result.requests.average,
          total: result.requests.total,
          p50: result.latency.p50,
          p95,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          max: result.latency.max,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        };
    process.send(msg, () => process.exit(0));
  });
  run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
});
