// Runs one autocannon measurement in its own process (the server, and with
// PGlite the database too, keep the parent's event loop to themselves).
// A child process rather than a worker thread: autocannon treats any
// non-main thread as one of its own workers and skips aggregating results.
import autocannon from 'autocannon';

process.once('message', ({ url, duration, connections, requests, headers }) => {
  autocannon({ url, duration, connections, requests, headers, timeout: 30 }, (err, result) => {
    const msg = err
      ? { error: String(err) }
      : {
          requests: result.requests.average,
          total: result.requests.total,
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          max: result.latency.max,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        };
    process.send(msg, () => process.exit(0));
  });
});
