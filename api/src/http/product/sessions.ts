import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import type { User } from '../../storage/repositories/users.js';
import { ApiError } from '../api-error.js';

export const SESSION_COOKIE = 'tm_session';
const SESSION_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A bad escape (`%E0%A4%A`) was never set by us: no session, not a 500 (issue 8).
      return undefined;
    }
  }
  return undefined;
}

/**
 * Browser sessions of the product API: an opaque random cookie (HttpOnly, SameSite=Lax,
 * Secure over https) whose SHA-256 names a row in `sessions`.
 */
export function createSessions(services: Services) {
  const secure = services.config.https;

  return {
    /** The user of the request's session, or undefined when it has none (or a stale one). */
    async currentUser(request: Request): Promise<{ user: User; tokenHash: string } | undefined> {
      const token = readCookie(request, SESSION_COOKIE);
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const tokenHash = hash(token);
      const userId = await services.repositories.sessions.findUserId(tokenHash, services.now());
      const user = userId && (await services.repositories.users.findById(userId));
      return user ? { user, tokenHash } : undefined;
    },

    /** The caller's user; a call that needs one and has no session is refused. */
    async require(request: Request): Promise<{ user: User; tokenHash: string }> {
      const current = await this.currentUser(request);
      if (!current) throw new ApiError(403, 'forbidden', 'No session: call GET /api/user first.');
      return current;
    },

    /** The caller's user, who must be Pro now: 403 pro_required otherwise. */
    async requirePro(request: Request): Promise<User> {
      const { user } = await this.require(request);
      if (!isPro(user, services.now()))
        throw new ApiError(403, 'pro_required', 'This feature is for Pro users.');
      return user;
    },

    /** Opens a session for `user` and sets its cookie on the response. */
    async start(response: Response, user: User): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const now = services.now();
      await services.repositories.sessions.create({
        tokenHash: hash(token),
        userId: user.id,
        now,
        expiresAt: now + SESSION_LIFETIME_MS,
      });
      response.cookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: SESSION_LIFETIME_MS,
      });
    },

    /** Ends the session and clears its cookie. */
    async end(response: Response, tokenHash: string): Promise<void> {
      await services.repositories.sessions.delete(tokenHash);
      response.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
