/** TOTP's time step, as the server counts it (30 s). */
export const STEP_MS = 30_000;

/** Least time left in a step for a test that sends a code the server must still find in its window. */
const MARGIN_MS = 10_000;

/**
 * Waits, when the current step ends within MARGIN_MS, until the next one
 * starts. A code for the previous step is one step from the server's now;
 * sent just before a step ends on a busy machine, the server would read it
 * two steps back (outside its window) and refuse it.
 */
export async function awayFromStepEnd(): Promise<void> {
  const into = Date.now() % STEP_MS;
  if (STEP_MS - into < MARGIN_MS) await new Promise((r) => setTimeout(r, STEP_MS - into + 50));
}
