// Every authenticated request needs its user's role, organisation and session version. Reading them from the
// database on every call was one round trip per request; this per-process cache keeps them for a short TTL.
//
// Correctness within one process: every write to a user (users-repository.ts) or to its sessions (sessions-repository.ts:
// a sign-in, a revocation) calls forgetSessionUser, which drops
// the entry from every cache of the process and, for HOLD_OFF_MS afterwards, stops that user from being cached at
// all. The hold-off covers a write made inside a transaction: a read that runs between the write and its commit
// sees the old row, and must not put it back into the cache. Other processes (a second web process) learn of a
// change only when their entry expires: at most TTL later (README, Scale-out).

/** What the auth plugin needs of a signed-in user. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'superadmin' | 'orgadmin';
  orgId: number | null;
  sessionVersion: number;
  /** The user's sessions that are neither revoked nor expired (user_sessions): a token of any other session fails. */
  liveSessionIds: ReadonlySet<string>;
}

export const SESSION_USER_TTL_MS = 2_000;
const HOLD_OFF_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  storedAt: number;
}

/** Bumped by every forget: a read that started before it must not be stored. */
let generation = 0;
/** userId → when (performance.now()) it was last written, kept for HOLD_OFF_MS. */
const recentWrites = new Map<number, number>();
const liveCaches = new Set<SessionUserCache>();

/** A user was changed or deleted: no process-local cache may answer for it from before the change. */
export function forgetSessionUser(userId: number): void {
  generation++;
  const now = performance.now();
  recentWrites.set(userId, now);
  for (const [id, at] of recentWrites) if (now - at > HOLD_OFF_MS) recentWrites.delete(id);
  for (const cache of liveCaches) cache.drop(userId);
}

/** The session users of one app (one database), for ttlMs; 0 turns caching off. */
export class SessionUserCache {
  readonly #entries = new Map<number, Entry>();
  /** Loads in progress: when an entry expires, the requests in flight for that user share one read. */
  readonly #loading = new Map<number, { generation: number; user: Promise<SessionUser | undefined> }>();
  readonly #ttlMs: number;

  constructor(ttlMs: number = SESSION_USER_TTL_MS) {
    this.#ttlMs = ttlMs;
    liveCaches.add(this);
  }

  /** The cached user, or load()'s answer (stored unless the user was written meanwhile or just now). */
  async lookup(userId: number, load: () => Promise<SessionUser | undefined>): Promise<SessionUser | undefined> {
    const started = performance.now();
    const hit = this.#entries.get(userId);
    if (hit && started - hit.storedAt < this.#ttlMs) return hit.user;
    const startedGeneration = generation;
    // A load started before a user write (generation changed) is not shared: its answer may predate the write.
    const pending = this.#loading.get(userId);
    if (pending && pending.generation === startedGeneration) return pending.user;
    const loading = load();
    if (this.#ttlMs > 0) {
      this.#loading.set(userId, { generation: startedGeneration, user: loading });
      void loading.then(
        () => this.#forgetLoad(userId, loading),
        () => this.#forgetLoad(userId, loading),
      );
    }
    const user = await loading;
    if (!user || this.#ttlMs <= 0) return user;
    const writtenAt = recentWrites.get(userId);
    const recentlyWritten = writtenAt !== undefined && performance.now() - writtenAt <= HOLD_OFF_MS;
    if (generation === startedGeneration && !recentlyWritten) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(userId, { user, storedAt: started });
    }
    return user;
  }

  #forgetLoad(userId: number, loading: Promise<SessionUser | undefined>): void {
    if (this.#loading.get(userId)?.user === loading) this.#loading.delete(userId);
  }

  /** Drops one user's entry. */
  drop(userId: number): void {
    this.#entries.delete(userId);
  }

  /** Stops taking part in invalidation (the app closed). */
  close(): void {
    this.#entries.clear();
    liveCaches.delete(this);
  }
}
