import { randomBytes } from 'node:crypto';
import type { Person } from '../../desk/types.js';

/**
 * The desk's server-side sessions: the browser holds only a random id (HttpOnly, SameSite=Strict cookie),
 * never the token; the person and the expiry live here, in this process. A restart signs everyone out,
 * which is the safe way round for a desk where each decision is signed by the person logged in.
 */

export const SESSION_COOKIE = 'kyc_desk_session';
/** A working day: a session is not extended by use, so a forgotten browser does not stay signed in. */
export const SESSION_TTL_MS = 8 * 3_600_000;

interface Session {
  readonly person: Person;
  readonly expiresAt: number;
}

export class DeskSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new session for the person; its id is what the cookie carries. It ends after the session's time or
   * when the person's token expires (`tokenExpiresAt`, ms since the epoch), whichever comes first: a
   * session never outlives the token it was signed in with.
   */
  open(person: Person, tokenExpiresAt?: number): { id: string; maxAgeSeconds: number } {
    this.sweep();
    const now = this.now();
    const id = randomBytes(32).toString('base64url');
    const expiresAt = Math.min(now + this.ttlMs, tokenExpiresAt ?? Number.POSITIVE_INFINITY);
    this.sessions.set(id, { person, expiresAt });
    return { id, maxAgeSeconds: Math.max(0, Math.floor((expiresAt - now) / 1000)) };
  }

  /** The person of a live session; an expired one is forgotten. */
  person(id: string | undefined): Person | undefined {
    if (id === undefined) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session.person;
  }

  close(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }

  /** Drops expired sessions, so that logins that never log out do not pile up. */
  private sweep(): void {
    const now = this.now();
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
  }
}
