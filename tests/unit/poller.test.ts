import { describe, expect, it } from 'vitest';
import { createPoller } from '../../src/core/server/ops/poller';

/** A queue in memory behind a poller: each step takes up to `batch` items. */
function queueWith(items: number, batch = 2) {
  const state = { left: items, steps: 0, warnings: [] as string[], failNext: 0, afterStep: undefined as (() => void) | undefined };
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  const poller = createPoller({
    pollMs: 60_000,
    log: { warn: (_obj, msg) => void state.warnings.push(msg) },
    unreachable: 'queue not reachable',
    async step() {
      state.steps++;
      await gate; // a round trip to the database, or a step held by the test
      if (state.failNext > 0) {
        state.failNext--;
        throw new Error('connection refused');
      }
      const took = Math.min(batch, state.left);
      state.left -= took;
      state.afterStep?.();
      return took === batch;
    },
  });
  return {
    poller,
    state,
    /** The next steps wait until `open` is called. */
    hold() {
      gate = new Promise((r) => (release = r));
    },
    open() {
      gate = null;
      release?.();
    },
  };
}

describe('the poller behind the database queues', () => {
  it('a pass takes batches until one comes back short', async () => {
    const q = queueWith(5);
    await q.poller.flush();
    expect(q.state.left).toBe(0);
    expect(q.state.steps).toBe(3);
  });

  it('work queued during a pass is looked at before the pass ends, not at the next poll', async () => {
    const q = queueWith(1, 5);
    q.state.afterStep = () => {
      // Queued (and kicked) after this step took its batch, before the pass ends.
      q.state.afterStep = undefined;
      q.state.left += 3;
      void q.poller.kick();
    };
    q.poller.start();
    await q.poller.kick();
    expect(q.state.left).toBe(0);
    expect(q.state.steps).toBe(2);
    await q.poller.stop();
  });

  it('a stopped poller ignores kicks, and stop waits for the step in hand', async () => {
    const q = queueWith(10);
    await q.poller.kick();
    expect(q.state.steps).toBe(0);
    q.hold();
    q.poller.start();
    let stopped = false;
    const stopping = q.poller.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    q.open();
    await stopping;
    // The step in hand finished; no other began though work is left.
    expect(q.state.steps).toBe(1);
    expect(q.state.left).toBe(8);
    await q.poller.kick();
    expect(q.state.steps).toBe(1);
  });

  it('says once that the database is away, and again only after it came back', async () => {
    const q = queueWith(0);
    q.state.failNext = 2;
    await q.poller.flush();
    await q.poller.flush();
    expect(q.state.warnings).toEqual(['queue not reachable']);
    await q.poller.flush();
    q.state.failNext = 1;
    await q.poller.flush();
    expect(q.state.warnings).toEqual(['queue not reachable', 'queue not reachable']);
  });
});
