// The V8 settings the server runs with: `npm start`, the container
// (scripts/container.sh) and the benches that start the built server.
//
// - a young generation of two 4 MB halves instead of V8's two 16 MB ones:
//   a server's objects live for one request, and 24 MB stay resident once the
//   first burst of traffic has grown the larger one;
// - the old generation collected once it has grown 30% past what the last
//   collection kept, instead of V8's own factor (up to 4x for a heap this
//   small), which let garbage hold 40-70 MB more after a burst.
//
// Measured at the same throughput (bench/RESULTS.md, "server memory").
// tests/unit/container-files.test.ts checks package.json and container.sh
// start the server with exactly these. They must be on node's command line:
// NODE_OPTIONS refuses --heap-growing-percent.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=30'];
