/** One part the server needs to serve requests (database, Redis, S3...): resolves when usable, throws why not. */
export type ReadinessCheck = () => Promise<void>;

export interface ReadinessReport {
  ready: boolean;
  /** Each part: 'ok', or the short reason it is not. */
  parts: Record<string, string>;
}

const CHECK_TIMEOUT_MS = 3000;

/**
 * What GET /api/ready asks. Each part registers its own check where it is
 * set up (`app.readiness.register('redis', ...)`), so the route never names
 * the parts. Checks run side by side, each given 3 s.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(part: string, check: ReadinessCheck): void {
    if (this.checks.has(part)) throw new Error(`readiness part "${part}" registered twice`);
    this.checks.set(part, check);
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([part, check]): Promise<[string, string]> => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('no answer within 3 s')), CHECK_TIMEOUT_MS);
            }),
          ]);
          return [part, 'ok'];
        } catch (err) {
          return [part, err instanceof NotReady ? err.message : 'unreachable'];
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const parts = Object.fromEntries(entries);
    return { ready: entries.every(([, state]) => state === 'ok'), parts };
  }
}

/** A reason safe to show to anyone (GET /api/ready is public); other errors read "unreachable". */
export class NotReady extends Error {}
