import { DESK_EMAIL_PREFIX } from './restricted';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/core/server/db/client';
import { rowsOf } from '../../src/core/server/db/rows';
import { searchIndexStatistics } from '../../src/core/server/db/search-statistics';

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Paul',
  'Ashley',
  'Steven',
  'Kimberly',
  'Kevin',
  'Emily',
  'Brian',
  'Donna',
  'George',
  'Michelle',
  'Timothy',
  'Carol',
  'Ronald',
  'Amanda',
  'Jason',
  'Melissa',
  'Edward',
  'Deborah',
  'Jeffrey',
  'Stephanie',
  'Ryan',
  'Rebecca',
  'Jacob',
  'Sharon',
  'Gary',
  'Laura',
  'Nicholas',
  'Cynthia',
  'Eric',
  'Dorothy',
  'Jonathan',
  'Amy',
  'Stephen',
  'Kathleen',
  'Larry',
  'Angela',
  'Justin',
  'Shirley',
  'Scott',
  'Emma',
  'Brandon',
  'Brenda',
  'Benjamin',
  'Pamela',
  'Samuel',
  'Nicole',
  'Gregory',
  'Anna',
  'Alexander',
  'Samantha',
  'Patrick',
  'Katherine',
  'Frank',
  'Christine',
  'Raymond',
  'Debra',
  'Jack',
  'Rachel',
  'Dennis',
  'Carolyn',
  'Jerry',
  'Janet',
  'Tyler',
  'Maria',
  'Aaron',
  'Olivia',
  'Jose',
  'Heather',
  'Adam',
  'Helen',
  'Nathan',
  'Catherine',
  'Henry',
  'Diane',
  'Zachary',
  'Julie',
  'Douglas',
  'Victoria',
  'Peter',
  'Joyce',
  'Kyle',
  'Lauren',
  'Noah',
  'Kelly',
  'Ethan',
  'Christina',
  'Jeremy',
  'Ruth',
  'Walter',
  'Joan',
  'Christian',
  'Virginia',
  'Keith',
  'Judith',
  'Roger',
  'Evelyn',
  'Terry',
  'Hannah',
  'Austin',
  'Andrea',
  'Sean',
  'Megan',
  'Gerald',
  'Cheryl',
  'Carl',
  'Jacqueline',
  'Harold',
  'Madison',
  'Dylan',
  'Teresa',
  'Arthur',
  'Abigail',
  'Lawrence',
  'Sophia',
  'Jordan',
  'Martha',
  'Jesse',
  'Sara',
  'Bryan',
  'Gloria',
  'Billy',
  'Janice',
  'Bruce',
  'Kathryn',
  'Gabriel',
  'Ann',
  'Joe',
  'Isabella',
  'Logan',
  'Judy',
  'Alan',
  'Charlotte',
  'Juan',
  'Julia',
  'Albert',
  'Grace',
  'Willie',
  'Amber',
  'Elijah',
  'Alice',
  'Wayne',
  'Jean',
  'Randy',
  'Denise',
  'Vincent',
  'Frances',
  'Mason',
  'Danielle',
  'Roy',
  'Marilyn',
  'Ralph',
  'Natalie',
  'Bobby',
  'Beverly',
  'Russell',
  'Diana',
  'Bradley',
  'Brittany',
  'Philip',
  'Theresa',
  'Eugene',
  'Kayla',
  'Louis',
  'Alexis',
  'Harry',
  'Doris',
  'Howard',
  'Lori',
  'Ingrid',
  'Yusuf',
  'Mei',
  'Hiroshi',
  'Priya',
  'Olga',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'McDonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
  'Simpson',
  'Porter',
  'Hunter',
  'Gordon',
  'Mendez',
  'Silva',
  'Shaw',
  'Snyder',
  'Mason',
  'Dixon',
  'Munoz',
  'Hunt',
  'Hicks',
  'Holmes',
  'Palmer',
  'Wagner',
  'Black',
  'Robertson',
  'Boyd',
  'Rose',
  'Stone',
  'Salazar',
  'Fox',
  'Warren',
  'Mills',
  'Meyer',
  'Rice',
  'Schmidt',
  'Garza',
  'Daniels',
  'Ferguson',
  'Nichols',
  'Stephens',
  'Soto',
  'Weaver',
  'Ryan',
  'Gardner',
  'Payne',
  'Grant',
  'Dunn',
  'Kowalski',
  'Yamamoto',
  'Okafor',
];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com', 'corp.example.io', 'example.co.uk'];

/** The one seeded user whose name and e-mail hold RARE_TERM. */
export const RARE_TERM = 'zyxwarble';
/** Every seeded e-mail contains it (all domains are example ones). */
export const EVERY_TERM = 'example';

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * One batch of bulk users, generated by the database: varied names and
 * e-mails (a multiplicative hash picks first/last name and domain), no
 * password (bulk users cannot sign in), created_at spread over three years
 * by a hash of its own: drawn from the hash that picks the names, it sorted
 * people by first name (the newest "Maria" was 40,000 rows deep, where a
 * real table has one every 200).
 */
function batchSql(from: number, to: number): string {
  const nf = FIRST.length;
  const nl = LAST.length;
  const nd = DOMAINS.length;
  return `
    INSERT INTO users (name, email, created_at, confirmed, blocked, password_hash, phone)
    SELECT f || ' ' || l,
           lower(f) || CASE WHEN h % 3 = 0 THEN '_' ELSE '.' END || lower(l) || i || '@' || (${arr(DOMAINS)})[1 + (h / ${nf * nl}) % ${nd}],
           now() - make_interval(secs => ((hashint8(i)::bigint & 2147483647) % 94608000)::double precision),
           i % 97 <> 0,
           i % 211 = 0,
           NULL,
           CASE WHEN i % 4 = 0 THEN '+1 555 ' || lpad((h % 10000000)::text, 7, '0') END
    FROM (
      SELECT i, h, (${arr(FIRST)})[1 + h % ${nf}] AS f, (${arr(LAST)})[1 + (h / ${nf}) % ${nl}] AS l
      FROM (SELECT i, (i::bigint * 2654435761) % 4294967296 AS h FROM generate_series(${from}, ${to}) AS g(i)) s
    ) n`;
}

export interface SeedResult {
  rows: number;
  seconds: number;
  /** Of `seconds`, the rebuild of the secondary indexes after a large seed (0 when kept). */
  indexSeconds: number;
  /** VACUUM ANALYZE after the inserts. */
  analyzeSeconds: number;
}

/** From this many rows, the secondary indexes are rebuilt after the inserts rather than kept up to date by them. */
const REBUILD_FROM = 500_000;

/**
 * The users table's indexes that back no constraint (the sort, prefix and
 * trigram ones, and the e-mail's unique index, which is an index of its own
 * rather than a constraint's), with their definitions. Building one from the finished table
 * is a sort; keeping it up to date is a random insert per row (a GIN trigram
 * index: dozens), which is what made ten million rows take hours.
 */
async function secondaryIndexes(db: Db): Promise<{ name: string; def: string }[]> {
  const res = await db.execute(
    sql.raw(
      `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def
       FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
       WHERE x.indrelid = 'users'::regclass
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
       ORDER BY c.relname`,
    ),
  );
  return rowsOf<{ name: string; def: string }>(res);
}

export interface SeedOptions {
  /** From this many rows the secondary indexes are rebuilt (default REBUILD_FROM; Infinity keeps them, to compare). */
  rebuildFrom?: number;
  /** maintenance_work_mem for the index rebuild (PostgreSQL: room to sort in memory; PGlite keeps its default). */
  maintenanceWorkMem?: string;
}

/**
 * Inserts `rows` bulk users (plus the one rare-term user) in batches, then
 * VACUUM ANALYZE. All in one transaction, so a seed that fails leaves the
 * table as it was, its indexes too: from REBUILD_FROM rows the secondary
 * indexes are dropped first and built again at the end.
 */
export async function seedUsers(db: Db, rows: number, log: (s: string) => void, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const batch = 100_000;
  let indexSeconds = 0;
  let rebuilt = false;
  await db.transaction(async (tx) => {
    const rebuild = rows >= (options.rebuildFrom ?? REBUILD_FROM) ? await secondaryIndexes(tx) : [];
    rebuilt = rebuild.length > 0;
    for (const ix of rebuild) await tx.execute(sql.raw(`DROP INDEX "${ix.name}"`));
    for (let from = 1; from <= rows; from += batch) {
      const to = Math.min(rows, from + batch - 1);
      await tx.execute(sql.raw(batchSql(from, to)));
      const s = (performance.now() - started) / 1000;
      log(`  seeded ${to.toLocaleString('en')} / ${rows.toLocaleString('en')} users (${s.toFixed(1)} s)`);
    }
    if (rows > 0) {
      await tx.execute(
        sql.raw(
          `INSERT INTO users (name, email, created_at) VALUES ('Quentin ${RARE_TERM[0].toUpperCase()}${RARE_TERM.slice(1)}', '${RARE_TERM}@example.org', now() - interval '400 days')`,
        ),
      );
    }
    if (rebuild.length && options.maintenanceWorkMem)
      await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '${options.maintenanceWorkMem}'`));
    for (const ix of rebuild) {
      const t = performance.now();
      await tx.execute(sql.raw(ix.def));
      const s = (performance.now() - t) / 1000;
      indexSeconds += s;
      log(`  built index ${ix.name} (${s.toFixed(1)} s)`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  // A rebuilt index has the default statistics target: the server sets its own on the search indexes at start.
  if (rebuilt) await db.execute(searchIndexStatistics);
  const a = performance.now();
  // VACUUM as autovacuum would soon do: it also moves the GIN (pg_trgm)
  // pending list into the index; with only ANALYZE, every search scans the
  // pending list of all freshly inserted rows and is many times slower.
  await db.execute(sql.raw('VACUUM ANALYZE users'));
  return { rows, seconds, indexSeconds, analyzeSeconds: (performance.now() - a) / 1000 };
}

/** The seeded users (not the desk users that earlier runs on a reused database made: bench/api/restricted.ts). */
export async function countUsers(db: Db): Promise<number> {
  const res = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM users WHERE email NOT LIKE '${DESK_EMAIL_PREFIX}%'`));
  return Number(rowsOf<{ n: number }>(res)[0].n);
}
