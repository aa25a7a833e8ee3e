import { createHash, randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { unsavedVisitor, VISITOR_SESSION_MS } from '../../features/users/create-account-service.js';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import type { User } from '../../features/users/user-store.js';
import { ApiError } from '../api-error.js';
import { readCookie } from '../read-cookie.js';
import type { AnyOperationRequest } from '../operation-handlers.js';

export const SESSION_COOKIE = 'tm_session';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashOf = (token: string) => sha256(token);
/**
 * The id an unsaved visitor's cookie stands for. Derived, so the visitor has a stable id
 * before anything is stored; one-way, so the id (shown in the profile) says nothing about
 * the cookie.
 */
const visitorIdOf = (token: string) => sha256(`visitor:${token}`).slice(0, 24);

export interface CurrentSession {
  user: User;
  tokenHash: string;
  /** False for a visitor who has stored nothing yet: no row exists for them. */
  saved: boolean;
}

/**
 * Browser sessions of the product API: an opaque random cookie (HttpOnly, SameSite=Lax,
 * Secure over https) whose SHA-256 names a row in `sessions`.
 *
 * A first visit costs nothing: the cookie is handed out, but the visitor's user and session
 * rows are written only on their first write (`save`). Every change of privilege (a sign-in
 * link, a finished purchase, logging out) replaces the cookie with a new one and deletes the
 * old session, so a cookie planted or seen before the change is worth nothing after it.
 */
export function createSessions(services: Services) {
  const { accounts } = services;
  const secure = services.config.https;

  function setCookie(response: Response, token: string, lifetimeMs: number): void {
    response.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: lifetimeMs,
    });
  }

  /** A fresh unsaved visitor cookie on the response; resolves with that visitor. */
  function handOutVisitor(response: Response): CurrentSession {
    const token = randomBytes(32).toString('base64url');
    setCookie(response, token, VISITOR_SESSION_MS);
    return {
      user: unsavedVisitor(visitorIdOf(token), services.now()),
      tokenHash: hashOf(token),
      saved: false,
    };
  }

  async function startSession(response: Response, user: User): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = await accounts.openSession(hashOf(token), user, services.now());
    setCookie(response, token, lifetimeMs);
  }

  /**
   * The request's session: a saved one, or an unsaved visitor whose cookie has never stored
   * anything; 'stale' for a cookie whose session was ended (logged out, replaced at a change
   * of privilege, expired), which is no session at all even though its visitor id exists;
   * 'none' without a cookie.
   */
  async function read(request: AnyOperationRequest): Promise<CurrentSession | 'stale' | 'none'> {
    const token = readCookie(request, SESSION_COOKIE);
    if (!token) return 'none';
    if (!TOKEN_PATTERN.test(token)) return 'stale';
    const tokenHash = hashOf(token);
    const now = services.now();
    const user = await accounts.findSessionUser(tokenHash, now);
    if (user) return { user, tokenHash, saved: true };
    const visitorId = visitorIdOf(token);
    if (await accounts.exists(visitorId)) return 'stale';
    return { user: unsavedVisitor(visitorId, now), tokenHash, saved: false };
  }

  return {
    async currentUser(request: AnyOperationRequest): Promise<CurrentSession | undefined> {
      const current = await read(request);
      return typeof current === 'string' ? undefined : current;
    },

    /**
     * The caller as a visitor: their session, or a new visitor cookie for a browser that
     * brought none (no row is written). A stale cookie gets no new one here: a read racing a
     * change of privilege must not overwrite the cookie that change just set. It is replaced
     * on the browser's next write.
     */
    async visit(request: AnyOperationRequest, response: Response): Promise<User> {
      const current = await read(request);
      if (current === 'none') return handOutVisitor(response).user;
      if (current === 'stale')
        return unsavedVisitor(randomBytes(12).toString('hex'), services.now());
      return current.user;
    },

    /** The caller's user; a call that needs one and has no session is refused. */
    async require(request: AnyOperationRequest): Promise<CurrentSession> {
      const current = await this.currentUser(request);
      if (!current) throw new ApiError(403, 'forbidden', 'No session: call GET /api/user first.');
      return current;
    },

    /** The caller's user, who must be Pro now: 403 pro_required otherwise. */
    async requirePro(request: AnyOperationRequest): Promise<User> {
      const { user } = await this.require(request);
      if (!isPro(user, services.now()))
        throw new ApiError(403, 'pro_required', 'This feature is for Pro users.');
      return user;
    },

    /**
     * The caller's saved user, for a call that stores something for them: an unsaved
     * visitor (or a caller with no cookie) is written now, on this first write.
     */
    async save(request: AnyOperationRequest, response: Response): Promise<User> {
      const current = (await this.currentUser(request)) ?? handOutVisitor(response);
      if (current.saved) return current.user;
      return accounts.saveVisitor(current.user.id, current.tokenHash, services.now());
    },

    /**
     * Signs this browser in to `user` under a new cookie, ending the session it had (a
     * change of privilege: the old cookie must not follow the browser into it).
     */
    async renew(request: AnyOperationRequest, response: Response, user: User): Promise<void> {
      const current = await this.currentUser(request);
      if (current?.saved) await accounts.endSession(current.tokenHash);
      await startSession(response, user);
    },

    /** Ends the session; the browser gets a fresh visitor cookie in place of the old one. */
    async end(request: AnyOperationRequest, response: Response): Promise<void> {
      const current = await this.currentUser(request);
      if (current?.saved) await accounts.endSession(current.tokenHash);
      handOutVisitor(response);
    },

    /** Ends every session of the caller's user, this one too, as `end` does for one. */
    async endEverywhere(request: AnyOperationRequest, response: Response): Promise<void> {
      const current = await this.currentUser(request);
      if (current?.saved) await accounts.endAllSessions(current.user.id);
      handOutVisitor(response);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
