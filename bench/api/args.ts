/** Command-line options of `npm run bench:api -- --db both --rows 1000000 ...`. */
export interface BenchArgs {
  db: ('pglite' | 'postgres')[];
  /** Bulk users to seed: the first of `sweep`. */
  rows: number;
  /** `--rows 100000,1000000,10000000`: each size in turn, on a database of its own (bench:api prints how p99 grows). */
  sweep: number[];
  duration: number;
  connections: number;
  /** Keep the seeded PGlite dir and reuse it when it already holds `rows` users (PostgreSQL: give BENCH_DATABASE_URL). */
  reuse: boolean;
  /** Only run scenarios whose name contains one of these. */
  only: string[];
  pgUrl: string;
  /** Runs of each compared pair (a path and its bare handler; a restricted path and the superadmin's), in turns; the median round counts. */
  rounds: number;
  /** Rounds of the serialization comparison (bench/api/serialization.ts) instead of the scenarios; 0: off. */
  serialization: number;
}

const USAGE = `usage: tsx bench/api/run.ts [--db pglite|postgres|both] [--rows N[,N...]] [--duration S] [--connections C] [--reuse] [--only name,name] [--pg-url URL] [--rounds N] [--serialization ROUNDS]`;

export function parseArgs(argv: string[]): BenchArgs {
  const a: BenchArgs = {
    db: ['pglite', 'postgres'],
    rows: 1_000_000,
    sweep: [1_000_000],
    duration: 10,
    connections: 10,
    reuse: false,
    only: [],
    pgUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    rounds: 3,
    serialization: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const int = (min: number) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < min) throw new Error(`${flag} must be an integer >= ${min}\n${USAGE}`);
      return n;
    };
    switch (flag) {
      case '--db': {
        const v = value();
        // PostgreSQL first: its server's memory is then measured in a process PGlite's heap never grew.
        if (v === 'both') a.db = ['postgres', 'pglite'];
        else if (v === 'pglite' || v === 'postgres') a.db = [v];
        else throw new Error(`--db must be pglite, postgres or both\n${USAGE}`);
        break;
      }
      case '--rows': {
        const sizes = value().split(',').map(Number);
        if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 0))
          throw new Error(`--rows takes integers >= 0, comma-separated\n${USAGE}`);
        a.sweep = sizes;
        a.rows = sizes[0];
        break;
      }
      case '--duration':
        a.duration = int(1);
        break;
      case '--connections':
        a.connections = int(1);
        break;
      case '--reuse':
        a.reuse = true;
        break;
      case '--only':
        a.only = value().split(',').filter(Boolean);
        break;
      case '--rounds':
        a.rounds = int(1);
        break;
      case '--serialization':
        a.serialization = int(1);
        break;
      case '--pg-url':
        a.pgUrl = value();
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
      // falls through
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return a;
}

/** For the benches that run one size: a `--rows` list is refused rather than cut to its first. */
export function parseOneSize(argv: string[]): BenchArgs {
  const a = parseArgs(argv);
  if (a.sweep.length > 1) throw new Error(`--rows takes one size here (a sweep is bench:api's)\n${USAGE}`);
  return a;
}
