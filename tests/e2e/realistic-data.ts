import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { invitesT } from '../../src/core/server/db/tables';
import { INVITE_STATUSES, type InviteStatus } from '../../src/features/invites/contract';
import type { AdminLogin, RunningServer } from './server';

/**
 * A back office in use, made the way its people make it: through the HTTP API
 * of the running server. Users (some with a picture and a filled profile, some
 * blocked or unconfirmed), roles and the users linked to them, menu entries,
 * invites in every state, experiences with and without images; the audit log
 * fills itself. Each list's first page (25 rows) is full, and the rows that
 * differ by state (avatars, status chips, thumbnails) are all on it.
 */

/** The lists' default page size (GenericList's PAGE_SIZE, INVITES_PER_PAGE, the audit log's). */
export const PAGE_SIZE = 25;

type Method = 'GET' | 'POST';

async function send<T>(server: RunningServer, token: string | null, method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Created {
  _id: string;
}

/** A solid little scene as a real image file: a portrait (head and shoulders) or a landscape (sky, sun, hills). */
function scene(kind: 'portrait' | 'landscape', n: number): string {
  const hues = ['#8fb8de', '#e8a87c', '#a3c9a8', '#d4a5c9', '#f2d06b', '#9ad0c2', '#c9b79c', '#b5c7ed'];
  const bg = hues[n % hues.length];
  const fg = ['#2f4858', '#5b3a29', '#33673b', '#5d2e58', '#6b4f0f', '#1f5f5b'][n % 6];
  if (kind === 'portrait') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">
      <rect width="128" height="128" fill="${bg}"/>
      <circle cx="64" cy="50" r="24" fill="${fg}"/>
      <ellipse cx="64" cy="128" rx="46" ry="40" fill="${fg}"/></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="320" height="240" fill="url(#sky)"/>
    <circle cx="${60 + ((n * 37) % 200)}" cy="70" r="26" fill="#f6c945"/>
    <path d="M0 170 Q80 110 160 160 T320 150 V240 H0 Z" fill="${fg}"/></svg>`;
}

const imageFile = (kind: 'portrait' | 'landscape', n: number, format: 'png' | 'jpeg') => {
  const img = sharp(Buffer.from(scene(kind, n)));
  return (format === 'png' ? img.png() : img.jpeg({ quality: 80 })).toBuffer();
};

interface Person {
  name: string;
  email: string;
  phone: string;
  address: string;
}

const PEOPLE: Person[] = [
  ['Alice Walker', 'alice.walker@example.com', '+44 20 7946 0101', '12 Baker Street, London'],
  ['Ελένη Παπαδοπούλου', 'eleni.papadopoulou@example.gr', '+30 210 555 0102', 'Ερμού 24, Αθήνα'],
  ['Ben Carter', 'ben.carter@example.com', '+1 415 555 0103', '500 Market St, San Francisco'],
  ['Γιώργος Νικολάου', 'giorgos.nikolaou@example.gr', '+30 2310 555 104', 'Τσιμισκή 81, Θεσσαλονίκη'],
  ['Chloe Evans', 'chloe.evans@example.com', '+44 161 496 0105', '3 Deansgate, Manchester'],
  ['Μαρία Κωνσταντίνου', 'maria.konstantinou@example.gr', '+30 2810 555 106', 'Δικαιοσύνης 10, Ηράκλειο'],
  ['Daniel Hughes', 'daniel.hughes@example.com', '+353 1 555 0107', '8 Grafton Street, Dublin'],
  ['Νίκος Γεωργίου', 'nikos.georgiou@example.gr', '+30 2610 555 108', 'Μαιζώνος 55, Πάτρα'],
  ['Emma Fischer', 'emma.fischer@example.de', '+49 30 5550 0109', 'Unter den Linden 5, Berlin'],
  ['Σοφία Δημητρίου', 'sofia.dimitriou@example.gr', '+30 26610 55 110', 'Καποδιστρίου 3, Κέρκυρα'],
  ['Felix Moreau', 'felix.moreau@example.fr', '+33 1 55 50 01 11', '21 rue de Rivoli, Paris'],
  ['Κώστας Ιωάννου', 'kostas.ioannou@example.gr', '+30 2421 055 112', 'Ιάσονος 14, Βόλος'],
  ['Grace Kim', 'grace.kim@example.com', '+1 206 555 0113', '400 Pine St, Seattle'],
  ['Αναστασία Βασιλείου', 'anastasia.vasileiou@example.gr', '+30 22410 55 114', 'Σωκράτους 7, Ρόδος'],
  ['Henry Osei', 'henry.osei@example.com', '+233 30 255 0115', '15 Oxford Street, Accra'],
  ['Δημήτρης Αντωνίου', 'dimitris.antoniou@example.gr', '+30 26510 55 116', 'Δωδώνης 2, Ιωάννινα'],
  ['Isla Novak', 'isla.novak@example.cz', '+420 2 5550 0117', 'Národní 9, Praha'],
  ['Κατερίνα Μιχαηλίδου', 'katerina.michailidou@example.gr', '+30 25310 55 118', 'Βενιζέλου 30, Κομοτηνή'],
  ['Jack Murphy', 'jack.murphy@example.ie', '+353 21 555 0119', '2 Patrick Street, Cork'],
  ['Γιάννης Αλεξίου', 'giannis.alexiou@example.gr', '+30 27210 55 120', 'Αριστομένους 40, Καλαμάτα'],
  ['Kate Lindqvist', 'kate.lindqvist@example.se', '+46 8 555 0121', 'Drottninggatan 50, Stockholm'],
  ['Χριστίνα Σταύρου', 'christina.stavrou@example.gr', '+30 28210 55 122', 'Χάληδων 12, Χανιά'],
  ["Liam O'Brien", 'liam.obrien@example.com', '+1 617 555 0123', '77 Beacon St, Boston'],
  ['Παναγιώτης Λαμπράκης', 'panagiotis.lamprakis@example.gr', '+30 22810 55 124', 'Μιαούλη 6, Σύρος'],
  ['Maya Rossi', 'maya.rossi@example.it', '+39 06 5550 0125', 'Via del Corso 120, Roma'],
  ['Δέσποινα Καραγιάννη', 'despoina.karagianni@example.gr', '+30 24210 55 126', 'Ογλ 18, Βόλος'],
  ['Noah Schmidt', 'noah.schmidt@example.at', '+43 1 555 0127', 'Graben 11, Wien'],
  ['Θανάσης Πετρόπουλος', 'thanasis.petropoulos@example.gr', '+30 27510 55 128', 'Σιδηράς Μεραρχίας 9, Άργος'],
  ['Olivia Brown', 'olivia.brown@example.com', '+61 2 5550 0129', '1 George St, Sydney'],
  ['Ιφιγένεια Ζαχαρίου', 'ifigeneia.zachariou@example.gr', '+30 22510 55 130', 'Ελευθερίου Βενιζέλου 4, Μυτιλήνη'],
].map(([name, email, phone, address]) => ({ name, email, phone, address }));

/** Who a user is in the back office: blocked ones and ones an admin has not confirmed cannot sign in. */
const standing = (i: number) => ({ blocked: i % 6 === 5, confirmed: i % 9 !== 7 });
/** Active users who signed in and put up a picture (every other one), and who filled in their details. */
const hasPicture = (i: number) => i % 2 === 0;
const fillsProfile = (i: number) => i % 4 !== 3;

const ROLES: { name: string; type: string; description: string; requireTwoFactor?: boolean }[] = [
  { name: 'Content Editor', type: 'editor', description: 'Writes and publishes experiences.' },
  { name: 'Senior Editor', type: 'editor', description: 'Reviews experiences before they are published.', requireTwoFactor: true },
  { name: 'Greek Translator', type: 'translator', description: 'Translates the interface into Greek.' },
  { name: 'English Proofreader', type: 'translator', description: 'Proofreads the English interface texts.' },
  { name: 'Support Agent', type: 'support', description: 'Answers members and resets their access.' },
  { name: 'Support Lead', type: 'support', description: 'Handles escalations from the support team.', requireTwoFactor: true },
  { name: 'Moderator', type: 'user', description: 'Reviews reported content.' },
  { name: 'Photographer', type: 'user', description: 'Uploads pictures for experiences.' },
  { name: 'Guide Athens', type: 'guide', description: 'Leads experiences in Athens.' },
  { name: 'Guide Crete', type: 'guide', description: 'Leads experiences in Crete.' },
  { name: 'Guide Cyclades', type: 'guide', description: 'Leads experiences on the Cyclades.' },
  { name: 'Guide Thessaloniki', type: 'guide', description: 'Leads experiences in Thessaloniki.' },
  { name: 'Partner Hotel', type: 'partner', description: 'Hotels that recommend experiences.' },
  { name: 'Partner Agency', type: 'partner', description: 'Travel agencies selling experiences.' },
  { name: 'Marketing', type: 'user', description: 'Plans campaigns around experiences.' },
  { name: 'Finance', type: 'user', description: 'Reads bookings and invoices.', requireTwoFactor: true },
  { name: 'Auditor', type: 'user', description: 'Reads the records, changes nothing.' },
  { name: 'Intern', type: 'user', description: 'Temporary access for interns.' },
  { name: 'Volunteer', type: 'user', description: 'Helps at events.' },
  { name: 'Event Coordinator', type: 'user', description: 'Plans the events calendar.' },
  { name: 'Office Manager', type: 'admin', description: 'Runs the office: users, invites and content.' },
  { name: 'IT Administrator', type: 'admin', description: 'Keeps accounts and access in order.', requireTwoFactor: true },
  { name: 'Newsletter Writer', type: 'user', description: 'Writes the monthly newsletter.' },
];

/**
 * Menu entries (client permissions) of screens that come later: kept out of
 * the side menu ('hidden') so every other screen's menu stays as shipped,
 * listed on the client permissions screen like any other.
 */
const MENU_ENTRIES = [
  'Bookings',
  'Booking calendar',
  'Invoices',
  'Payments',
  'Refunds',
  'Reviews',
  'Reported content',
  'Newsletter',
  'Campaigns',
  'Partners',
  'Guides',
  'Events calendar',
  'Reports',
  'Site settings',
  'Media library',
].map((name, i) => ({
  name,
  menu: 'hidden',
  menu_order: 500 + i * 10,
  path: '/' + name.toLowerCase().replace(/\s+/g, '-'),
  description: `${name}: planned screen, out of the menu until it ships`,
}));

const EXPERIENCES: { title: string; tags: string[] }[] = [
  { title: 'Sunrise over Santorini', tags: ['sea', 'sunrise', 'cyclades'] },
  { title: 'Ανάβαση στον Όλυμπο', tags: ['βουνό', 'πεζοπορία'] },
  { title: 'Street food walk in Thessaloniki', tags: ['food', 'city'] },
  { title: 'Κρουαζιέρα στον Σαρωνικό', tags: ['θάλασσα', 'σκάφος'] },
  { title: 'Samaria Gorge hike', tags: ['hiking', 'crete'] },
  { title: 'Οινογνωσία στη Νεμέα', tags: ['κρασί', 'πελοπόννησος'] },
  { title: 'Acropolis at dusk', tags: ['history', 'athens'] },
  { title: 'Μετέωρα με ποδήλατο', tags: ['ποδήλατο', 'μοναστήρια'] },
  { title: 'Kayaking in Milos', tags: ['sea', 'kayak', 'cyclades'] },
  { title: 'Μαγειρική στην Κρήτη', tags: ['φαγητό', 'κρήτη'] },
  { title: 'Olive harvest in Kalamata', tags: ['food', 'farm'] },
  { title: 'Καταδύσεις στη Ζάκυνθο', tags: ['θάλασσα', 'καταδύσεις'] },
  { title: 'Delphi and the oracle', tags: ['history', 'mountains'] },
  { title: 'Ηλιοβασίλεμα στην Οία', tags: ['ηλιοβασίλεμα', 'κυκλάδες'] },
  { title: 'Sailing the Ionian', tags: ['sea', 'sailing'] },
  { title: 'Χωριά του Πηλίου', tags: ['βουνό', 'χωριά'] },
  { title: 'Pottery workshop in Sifnos', tags: ['craft', 'cyclades'] },
  { title: 'Φαράγγι του Βίκου', tags: ['πεζοπορία', 'ήπειρος'] },
  { title: 'Night market in Chania', tags: ['food', 'crete'] },
  { title: 'Λίμνες της Πρέσπας', tags: ['φύση', 'πουλιά'] },
  { title: 'Byzantine Mystras', tags: ['history', 'peloponnese'] },
  { title: 'Ψάρεμα με τους ψαράδες της Καλύμνου', tags: ['θάλασσα', 'ψάρεμα'] },
  { title: 'Rock climbing in Kalymnos', tags: ['climbing', 'dodecanese'] },
  { title: 'Μέλι και μελισσοκομία στην Ικαρία', tags: ['φαγητό', 'φύση'] },
  { title: 'Old town of Rhodes by bike', tags: ['bike', 'history'] },
  { title: 'Πανηγύρι στην Κάρπαθο', tags: ['μουσική', 'γιορτή'] },
  { title: 'Birdwatching at the Evros delta', tags: ['nature', 'birds'] },
  { title: 'Καστροπολιτεία της Μονεμβασιάς', tags: ['ιστορία', 'κάστρα'] },
];

/** People who register on an invite link (an open one, or one locked to their address). */
const REGISTRANTS: [string, string][] = [
  ['Sam Taylor', 'sam.taylor@example.com'],
  ['Φωτεινή Ραφαηλίδου', 'foteini.rafailidou@example.gr'],
  ['Ruth Adeyemi', 'ruth.adeyemi@example.com'],
  ['Άγγελος Μαυρίδης', 'angelos.mavridis@example.gr'],
  ['Tom Becker', 'tom.becker@example.de'],
  ['Ευαγγελία Τσάκωνα', 'evangelia.tsakona@example.gr'],
  ['Uma Patel', 'uma.patel@example.com'],
  ['Στέλιος Χατζής', 'stelios.chatzis@example.gr'],
  ['Victor Lund', 'victor.lund@example.no'],
  ['Ζωή Αθανασίου', 'zoi.athanasiou@example.gr'],
  ['Wendy Clarke', 'wendy.clarke@example.com'],
  ['Ορέστης Μπαλτάς', 'orestis.baltas@example.gr'],
  ['Yara Haddad', 'yara.haddad@example.com'],
  ['Χαράλαμπος Ευθυμίου', 'charalampos.efthymiou@example.gr'],
  ['Zoe Martin', 'zoe.martin@example.fr'],
];

/**
 * What becomes of each invite, oldest first (the list shows newest first).
 * Exactly one page: the expired ones are made days ago (see below), so they
 * are the oldest and would otherwise fall onto the second page.
 */
type InvitePlan = { kind: 'open' | 'submitted' | 'consumed' | 'rejected' | 'expired'; locked: boolean };
const INVITE_PLAN: InvitePlan[] = [
  { kind: 'expired', locked: false },
  { kind: 'expired', locked: true },
  { kind: 'expired', locked: false },
  ...Array.from({ length: PAGE_SIZE - 3 }, (_, i): InvitePlan => {
    const kinds = ['open', 'submitted', 'consumed', 'rejected', 'open', 'submitted'] as const;
    return { kind: kinds[i % kinds.length], locked: i % 3 === 1 };
  }),
];

async function uploadPicture(server: RunningServer, token: string, n: number): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await imageFile('portrait', n, 'png'))], { type: 'image/png' }), 'me.png');
  const res = await fetch(server.url + '/api/upload/profile-image', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { filePaths: { path: string }[] };
  return body.filePaths[0].path;
}

async function makeUsers(server: RunningServer, admin: AdminLogin) {
  const users: (Created & Person & { active: boolean; picture: boolean })[] = [];
  for (const [i, p] of PEOPLE.entries()) {
    const { blocked, confirmed } = standing(i);
    const made = await send<Created>(server, admin.token, 'POST', '/api/auth/users', {
      name: p.name,
      email: p.email,
      confirmed,
      blocked,
      password: `pass-${i}-secret`,
    });
    const active = confirmed && !blocked;
    const picture = active && hasPicture(i);
    if (active && (picture || fillsProfile(i))) {
      // The user signs in and fills in their own profile, picture first.
      const login = await send<AdminLogin>(server, null, 'POST', '/api/auth/login', { email: p.email, password: `pass-${i}-secret` });
      const image = picture ? await uploadPicture(server, login.token, i) : undefined;
      await send(server, login.token, 'POST', '/api/auth/my-profile', {
        name: p.name,
        phone: p.phone,
        address: p.address,
        ...(image ? { image } : {}),
      });
    }
    users.push({ ...made, ...p, active, picture });
  }
  return users;
}

async function makeRoles(server: RunningServer, admin: AdminLogin) {
  const { data: menu } = await send<{ data: (Created & { path: string })[] }>(
    server,
    admin.token,
    'GET',
    '/api/auth/client-permissions?q=/account/profile',
  );
  const roles: Created[] = [];
  for (const r of ROLES)
    roles.push(await send<Created>(server, admin.token, 'POST', '/api/auth/roles', { ...r, clientPermission: [menu[0]._id] }));
  return roles;
}

async function makeInvites(server: RunningServer, admin: AdminLogin) {
  const registrants = [...REGISTRANTS];
  for (const [i, plan] of INVITE_PLAN.entries()) {
    const who = plan.kind === 'open' || plan.kind === 'expired' ? null : registrants.shift();
    const lockedTo = plan.locked ? (who?.[1] ?? `guest${i + 1}@example.com`) : null;
    const invite = await send<Created & { token: string }>(server, admin.token, 'POST', '/api/auth/invites', {
      email: lockedTo,
      hours: 48,
    });
    if (plan.kind === 'expired') {
      // The API cannot make an invite that has expired (it gives at least an hour from now), and the test cannot
      // wait: only this state is written in the database, as a 48-hour invite made four days ago.
      const day = 86_400_000;
      await server.db
        .update(invitesT)
        .set({ createdAt: new Date(Date.now() - 4 * day).toISOString(), expiresAt: new Date(Date.now() - 2 * day).toISOString() })
        .where(eq(invitesT.id, invite._id));
      continue;
    }
    if (plan.kind === 'open') continue;
    if (!who) throw new Error('more invites to register on than REGISTRANTS');
    await send(server, null, 'POST', '/api/auth/register-invite', {
      token: invite.token,
      name: who[0],
      email: who[1],
      password: 'registrant-pass-1',
    });
    if (plan.kind === 'consumed') await send(server, admin.token, 'POST', `/api/auth/invites/${invite._id}/approve`);
    if (plan.kind === 'rejected') await send(server, admin.token, 'POST', `/api/auth/invites/${invite._id}/reject`);
  }
}

async function makeExperiences(server: RunningServer, admin: AdminLogin) {
  for (const [i, e] of EXPERIENCES.entries()) {
    // Every other one has pictures (one to three), the rest none yet.
    const count = i % 2 === 0 ? 1 + (i % 3) : 0;
    const images = [];
    for (let k = 0; k < count; k++) {
      const format = k % 2 === 0 ? 'jpeg' : 'png';
      const data = await imageFile('landscape', i + k, format);
      images.push({
        operation: 'create',
        imageData: `data:image/${format};base64,${data.toString('base64')}`,
        name: `photo-${k + 1}.${format}`,
      });
    }
    await send(server, admin.token, 'POST', '/api/auth/experiences', {
      title: e.title,
      description: `<p>${e.title}: a day out with a local guide.</p>`,
      tags: e.tags,
      under_review: i % 5 === 4,
      images,
    });
  }
}

/** Fills the server with a back office's worth of records; see the top of this file. */
export async function seedRealisticData(server: RunningServer, admin: AdminLogin): Promise<void> {
  // Experiences (images to encode) go alongside the people (passwords to hash): two cores, two kinds of work.
  await Promise.all([makeExperiences(server, admin), makePeople(server, admin)]);
}

async function makePeople(server: RunningServer, admin: AdminLogin): Promise<void> {
  const users = await makeUsers(server, admin);
  const roles = await makeRoles(server, admin);
  for (const m of MENU_ENTRIES) await send(server, admin.token, 'POST', '/api/auth/client-permissions', m);
  // Every active user gets a role, some two.
  for (const [i, u] of users.filter((u) => u.active).entries()) {
    await send(server, admin.token, 'POST', '/api/auth/user-roles', { user: u._id, role: roles[i % roles.length]._id });
    if (i % 3 === 0)
      await send(server, admin.token, 'POST', '/api/auth/user-roles', { user: u._id, role: roles[(i + 7) % roles.length]._id });
  }
  await makeInvites(server, admin);
}

/** The lists of the back office, by their API (25 rows a page, in each list's default order). */
const LISTS = [
  '/api/auth/users',
  '/api/auth/user-profiles',
  '/api/auth/roles',
  '/api/auth/permissions',
  '/api/auth/client-permissions',
  '/api/auth/user-roles',
  '/api/auth/invites',
  '/api/auth/experiences',
  '/api/auth/audit-logs',
];

type Row = Record<string, unknown>;

/**
 * What the first page of each list lacks for the scan to meet every state,
 * as sentences (none when the data is as meant): a full page everywhere,
 * profiles with and without a picture, invites in every state, experiences
 * with and without images.
 */
export async function firstPageGaps(server: RunningServer, admin: AdminLogin): Promise<string[]> {
  const gaps: string[] = [];
  const pages = new Map<string, Row[]>();
  for (const api of LISTS) {
    const { data } = await send<{ data: Row[] }>(server, admin.token, 'GET', `${api}?page=1&limit=${PAGE_SIZE}`);
    pages.set(api, data);
    if (data.length < PAGE_SIZE) gaps.push(`${api}: ${data.length} rows on the first page, not ${PAGE_SIZE}`);
  }
  const profiles = pages.get('/api/auth/user-profiles') ?? [];
  if (!profiles.some((p) => typeof p.image === 'string')) gaps.push('no profile with a picture on the first page');
  if (!profiles.some((p) => p.image == null)) gaps.push('no profile without a picture on the first page');
  const states = new Set((pages.get('/api/auth/invites') ?? []).map((r) => r.status as InviteStatus));
  for (const s of INVITE_STATUSES) if (!states.has(s)) gaps.push(`no ${s} invite on the first page`);
  const experiences = pages.get('/api/auth/experiences') ?? [];
  const imageCount = (e: Row) => (Array.isArray(e.images) ? e.images.length : 0);
  if (!experiences.some((e) => imageCount(e) > 0)) gaps.push('no experience with images on the first page');
  if (!experiences.some((e) => imageCount(e) === 0)) gaps.push('no experience without images on the first page');
  return gaps;
}
