import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../core/server/db/client';
import { notificationsT, sessions, usersT } from '../../../core/server/db/tables';
import { isoDate } from '../../../core/server/crud/representation';
import { editorsOf, presentUsers } from '../../../core/server/presence/store';

/** One open `GET /api/auth/notifications/stream`. */
export interface StreamClient {
  userId: string;
  sessionId: string;
  /** Sends one Server-Sent Event. */
  send(event: string, data: unknown): void;
  /** Ends the stream (the session ended, or the server is closing). */
  end(): void;
}

interface Open extends StreamClient {
  /** Creation time (ISO) of the newest notification already sent or older: only newer ones are sent. */
  since: string;
  sent: Set<string>;
}

const MAX_REMEMBERED = 200;

/** The events other features send a user's streams through `user_events`. */
const USER_EVENTS = new Set(['import']);

/**
 * The process's open notification streams. The database says which user's
 * notifications changed (`notifications_changed`, migration 0009, from any
 * replica; in-process on PGlite) and whose sessions may have ended
 * (`auth_changed`); both arrive over the process's one LISTEN connection.
 * A change sends the user's streams their unread count and any notification
 * they have not been sent yet; an ended session ends its streams.
 */
export class NotificationStreams {
  private byUser = new Map<string, Set<Open>>();
  private unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    const ignoreLive = () => undefined;
    this.unlisten.push(await this.database.listen('notifications_changed', (userId) => void this.changed(userId), ignoreLive));
    this.unlisten.push(await this.database.listen('auth_changed', () => void this.recheckSessions(), ignoreLive));
    this.unlisten.push(await this.database.listen('presence_changed', (payload) => void this.presenceChanged(payload), ignoreLive));
    this.unlisten.push(await this.database.listen('user_events', (payload) => this.userEvent(payload), ignoreLive));
  }

  /**
   * An event for one user's streams (`user_events`: `{user, event, data}`,
   * from any replica), such as an import's progress (migration 0024).
   */
  private userEvent(payload: string): void {
    let message: { user?: unknown; event?: unknown; data?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.user !== 'string' || typeof message.event !== 'string' || !USER_EVENTS.has(message.event)) return;
    for (const s of this.byUser.get(message.user) ?? []) s.send(message.event, message.data);
  }

  /**
   * Someone opened or left a record (`presence_changed`: "<resource> <id>",
   * from any replica): each user here who has it open hears who else does.
   */
  private async presenceChanged(payload: string): Promise<void> {
    const [resource, recordId] = payload.split(' ');
    if (!resource || !recordId) return;
    const key = { resource, recordId };
    try {
      for (const userId of await presentUsers(this.database.db, key)) {
        const streams = this.byUser.get(userId);
        if (!streams?.size) continue;
        const editors = await editorsOf(this.database.db, key, userId);
        for (const s of streams) s.send('presence', { resource, id: recordId, editors });
      }
    } catch {
      // The database is away: the forms' next heartbeat brings the news.
    }
  }

  /** Registers a client: sends its unread count now, and changes from then on. Returns its removal. */
  async add(client: StreamClient): Promise<() => void> {
    // The database's clock: replicas' clocks may differ, their notifications' times do not.
    const [{ n, now }] = await this.unreadCount(client.userId);
    const open: Open = { ...client, since: isoDate(now) ?? '', sent: new Set() };
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(open);
    open.send('unread', { unread: n });
    return () => {
      set.delete(open);
      if (!set.size && this.byUser.get(client.userId) === set) this.byUser.delete(client.userId);
    };
  }

  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  private unreadCount(userId: string) {
    return this.database.db
      .select({ n: count(), now: sql<string>`now()` })
      .from(notificationsT)
      .where(and(eq(notificationsT.user, userId), isNull(notificationsT.readAt)));
  }

  private async changed(userId: string): Promise<void> {
    const streams = this.byUser.get(userId);
    if (!streams?.size) return;
    try {
      const oldest = [...streams].reduce((min, s) => (s.since < min ? s.since : min), [...streams][0].since);
      const [[{ n }], recent] = await Promise.all([
        this.unreadCount(userId),
        this.database.db
          .select()
          .from(notificationsT)
          .where(and(eq(notificationsT.user, userId), gt(notificationsT.createdAt, oldest)))
          .orderBy(desc(notificationsT.createdAt))
          .limit(50),
      ]);
      for (const s of streams) {
        for (const row of [...recent].reverse()) {
          const id = String(row.id);
          const createdAt = isoDate(row.createdAt) ?? '';
          if (s.sent.has(id) || createdAt <= s.since) continue;
          s.sent.add(id);
          if (s.sent.size > MAX_REMEMBERED) s.sent.delete(s.sent.values().next().value as string);
          s.send('notification', {
            _id: id,
            title: row.title,
            body: row.body,
            link: row.link,
            readAt: isoDate(row.readAt),
            createdAt,
          });
        }
        s.send('unread', { unread: n });
      }
    } catch {
      // The database is away: the next change (or the client's reconnection) brings the news.
    }
  }

  /** Ends the streams whose session is no longer live (signed out, blocked, roles changed...). */
  private async recheckSessions(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((s) => [...s]);
    if (!all.length) return;
    try {
      const live = await this.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(usersT, eq(usersT.id, sessions.userId))
        .where(
          and(
            inArray(
              sessions.id,
              all.map((s) => s.sessionId),
            ),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            eq(usersT.blocked, false),
            eq(usersT.confirmed, true),
          ),
        );
      const liveIds = new Set(live.map((r) => String(r.id)));
      for (const s of all) if (!liveIds.has(s.sessionId)) s.end();
    } catch {
      // Checked again on the next change.
    }
  }

  async close(): Promise<void> {
    for (const set of this.byUser.values()) for (const s of set) s.end();
    this.byUser.clear();
    await Promise.all(this.unlisten.map((u) => u()));
  }
}
