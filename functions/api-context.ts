import type { Permission } from '../core/permissions.ts';
import { loadPermissions } from './data/auth/roles.ts';
import { siteExists } from './data/site/sites.ts';
import type { Env } from './env.ts';
import { HttpError } from './http-error.ts';
import { languageOf, message, type Language } from './messages.ts';
import { resolveSession, type Session, type SessionOutcome } from './auth/session.ts';
import { clearSessionCookie } from './auth/session-cookie.ts';

export const SITE_HEADER = 'tiles-site-id';
export const LOCALE_HEADER = 'tiles-locale-code';
const SITE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const LOCALE_PATTERN = /^[a-z]{2}-[A-Z]{2}$/;

/**
 * Sites this isolate has seen in D1. Sites are created by migrations and the seed and never
 * deleted, so a known id stays known; an unknown one is asked again each time (a site added
 * later is found at once), and the callers that ask are rate-limited first.
 */
const knownSites = new Set<string>();

/** The 400 for a site id the API cannot serve: malformed, or no such site. */
function invalidSite(siteId: string, language: Language): HttpError {
  return new HttpError(400, message('invalidField', language, { field: SITE_HEADER, detail: siteId.slice(0, 64) }));
}

export interface ApiContext {
  request: Request;
  env: Env;
  url: URL;
  siteId: string;
  localeCode: string;
  language: Language;
  now: number;
  /** Set-Cookie values the response must carry. */
  cookies: string[];
  session(): Promise<Session | null>;
  /** The signed-in user's id if the session was asked for and found, for the log line; never resolves one. */
  loggedUser(): string | null;
  /** The signed-in user's session, or a 401. */
  requireSession(): Promise<Session>;
  /** The signed-in user's session if one of their roles grants the permission: else 401, or 403. */
  requirePermission(permission: Permission): Promise<Session>;
  /**
   * A 400, as for a malformed id, unless `siteId` names a site in D1: for the calls that write
   * for a site without a session to vouch for it (a visitor's hit).
   */
  requireKnownSite(): Promise<void>;
}

export function createApiContext(request: Request, env: Env): ApiContext {
  const url = new URL(request.url);
  const localeHeader = request.headers.get(LOCALE_HEADER);
  const localeCode = localeHeader && LOCALE_PATTERN.test(localeHeader) ? localeHeader : 'it-IT';
  const language = languageOf(localeCode);
  const siteHeader = request.headers.get(SITE_HEADER);
  // 'not-set' is what a client sends before its site has loaded: the deployment's own site.
  const siteId = siteHeader && siteHeader !== 'not-set' ? siteHeader : env.SITE_ID;
  if (!SITE_ID_PATTERN.test(siteId)) throw invalidSite(siteId, language);
  const cookies: string[] = [];
  let outcome: Promise<SessionOutcome> | undefined;
  let userId: string | null = null;
  const context: ApiContext = {
    request,
    env,
    url,
    siteId,
    localeCode,
    language,
    now: Date.now(),
    cookies,
    async session() {
      outcome ??= resolveSession(env, request, context.now);
      const resolved = await outcome;
      if (resolved.kind === 'stale') {
        if (!cookies.length) cookies.push(clearSessionCookie(url));
        return null;
      }
      if (resolved.kind === 'visitor') return null;
      if (resolved.session.renewedCookie && !cookies.includes(resolved.session.renewedCookie)) cookies.push(resolved.session.renewedCookie);
      // A session belongs to one site: its tokens do not open another site's data.
      if (resolved.session.user.siteId !== siteId) return null;
      userId = resolved.session.user.id;
      return resolved.session;
    },
    loggedUser: () => userId,
    async requireSession() {
      const session = await context.session();
      if (!session) throw new HttpError(401, message('unauthorized', language));
      return session;
    },
    async requirePermission(permission) {
      const session = await context.requireSession();
      const granted = await loadPermissions(env.DB, session.user.roles);
      if (!granted.has(permission)) throw new HttpError(403, message('forbidden', language, { permission }));
      return session;
    },
    async requireKnownSite() {
      if (knownSites.has(siteId)) return;
      if (!(await siteExists(env.DB, siteId))) throw invalidSite(siteId, language);
      knownSites.add(siteId);
    },
  };
  return context;
}
