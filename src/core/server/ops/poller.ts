/** What a poller is told of its passes, to say once (not every poll) that the database is away. */
export interface PollerLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface PollerOptions {
  /** How often a started poller looks, beside the kicks. */
  pollMs: number;
  /**
   * One step of a pass: claims and handles what is due (a batch, a job) and
   * says whether there may be more. A pass repeats it until it says no and
   * nothing kicked meanwhile, or the poller is stopping.
   */
  step(): Promise<boolean>;
  log: PollerLog;
  /** The warning when a pass fails (the database unreachable): logged once until a pass succeeds again. */
  unreachable: string;
  /** Run on every poll beside the pass (a purge of its own timing). */
  onPoll?: () => void;
  /** The failure as logged (its message by default). */
  reasonOf?: (err: unknown) => string;
}

interface PollerState {
  running: Promise<void> | null;
  /** Kicked while a pass was under way: it looks again before it ends. */
  again: boolean;
  started: boolean;
  stopping: boolean;
  /** The last pass failed (said once until one succeeds). */
  unreachable: boolean;
}

/** Starts a pass, or asks the one under way to look again. */
function kickOf(opts: PollerOptions, state: PollerState): Promise<void> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  const pass = async () => {
    for (;;) {
      state.again = false;
      const more = await opts.step();
      if ((!more && !state.again) || state.stopping) return;
    }
  };
  state.running = pass()
    .then(() => {
      state.unreachable = false;
    })
    .catch((err: unknown) => {
      const reason = opts.reasonOf ? opts.reasonOf(err) : String((err as Error)?.message ?? err);
      if (!state.unreachable) opts.log.warn({ reason }, opts.unreachable);
      state.unreachable = true;
    })
    .finally(() => {
      state.running = null;
      // A kick between the pass's last step and here found it still under way: it is looked at now, not at the next poll.
      if (state.again && state.started) void kickOf(opts, state);
    });
  return state.running;
}

/**
 * The loop behind every queue the database holds (mail, webhook deliveries,
 * imports): each process polls on its own and claims work with FOR UPDATE
 * SKIP LOCKED, so nothing here is shared between passes but "a pass is
 * under way". One pass at a time: `kick` starts one, or asks the one under
 * way to look again once it is done (work queued meanwhile is never left
 * waiting for the next poll). `stop` lets the pass in hand finish its step.
 * Work the database itself says is due (PGlite's upkeep) runs on it too.
 */
export function createPoller(opts: PollerOptions) {
  const state: PollerState = { running: null, again: false, started: false, stopping: false, unreachable: false };
  let timer: NodeJS.Timeout | undefined;
  const kick = () => kickOf(opts, state);
  return {
    /** Work was queued: looked at now by a started poller (a stopped one leaves it to the next process that polls). */
    kick: (): Promise<void> => (state.started ? kick() : Promise.resolve()),
    /** Whether `start` ran and `stop` has not. */
    get started() {
      return state.started;
    },
    /** Set by `stop`: work in hand ends at its next step. */
    get stopping() {
      return state.stopping;
    },
    /** Until a pass finds nothing due: the one under way, then one more (started or not: tests and shutdown drain). */
    async flush() {
      if (state.running) await state.running;
      await kick();
    },
    start() {
      if (state.started) return;
      state.started = true;
      state.stopping = false;
      timer = setInterval(() => {
        void kick();
        opts.onPoll?.();
      }, opts.pollMs);
      timer.unref();
      // Now too: work left by the last run, or queued before the start.
      void kick();
    },
    async stop() {
      state.started = false;
      state.stopping = true;
      clearInterval(timer);
      if (state.running) await state.running;
    },
  };
}

export type Poller = ReturnType<typeof createPoller>;
