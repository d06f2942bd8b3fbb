import { env } from 'cloudflare:workers';
import { defineMiddleware, sequence } from 'astro:middleware';
import { findSite } from '../functions/data/site/sites.ts';
import { resolveSession } from '../functions/auth/session.ts';
import { clearSessionCookie, readCookie, SESSION_MARKER_COOKIE, sessionMarkerCookie } from '../functions/auth/session-cookie.ts';
import { assertPasswordPepper } from '../functions/auth/password-pepper.ts';
import { assertSessionSecret } from '../functions/auth/session-secret.ts';
import { localeRedirect, pageNotFound, validateRoute, visitorRedirect } from './server/guards.ts';
import { pageHidden, pageRuleFor } from '../core/page-access.ts';
import { loadPermissions } from '../functions/data/auth/roles.ts';
import { chooseLocale, closestLocale, DEFAULT_LOCALE, LOCALE_COOKIE, localeOfPath, localizedPath, pagePath } from '../core/locale.ts';
import { applyRouteRules } from './server/route-rules.ts';
import { sessionMarker } from './server/session-marker.ts';
import { privatePages } from './server/private-pages.ts';
import { localeCookie } from './server/locale-cookie.ts';
import { pagePostRefusal } from './server/page-post-guard.ts';
import { loadPageContext } from './server/page-context.ts';
import { pageRider } from './server/page-rider.ts';
import { providePageContext, providePermissions } from './server/request-page.ts';

// Start-up refuses a short session secret, a missing pepper, or the development ones outside development.
assertSessionSecret(env);
assertPasswordPepper(env);

const ERROR_PAGES = new Set(['/404', '/500']);

/** The route guards, in the platform's order (docs/PRODUCT.md, "Route guards, in order"). */
const routeGuards = defineMiddleware(async (context, next) => {
  const { url, locals } = context;
  locals.user = null;
  locals.session = null;
  // The address as visitors see it: pre-rendering asks for a locale's home as '/en-US.html'.
  locals.locale = localeOfPath(pagePath(url.pathname)) ?? DEFAULT_LOCALE;
  // Pages, pre-rendered ones too (the build runs this middleware), read their context from here; nothing loads until one does.
  providePageContext(locals, (locale) => loadPageContext(locale, locals.session?.contentVersion));
  providePermissions(locals, (user) => loadPermissions(env.DB, user.roles));
  // Pre-rendered pages have no visitor. (The API and the course media never come here: src/worker.ts
  // serves them, and they guard themselves with plain refusals rather than a page or a redirect.)
  if (context.isPrerendered) {
    return next();
  }
  // The error pages, reached by a guard's rewrite or a refused page post (src/worker.ts), render as they are.
  if (ERROR_PAGES.has(url.pathname)) {
    locals.routeError ??= pagePostRefusal(locals.cfContext);
    return next();
  }

  // 1. Per-route validation: a fatal 404.
  const routeError = validateRoute(url.pathname);
  if (routeError) {
    locals.routeError = routeError;
    return context.rewrite('/404');
  }

  // 2. Session check: unseal t-ssid; a broken or revoked cookie makes a visitor, never a crash.
  // A course's or a session's page's own reads go in the session's round trip: a signed-in page's largest cost.
  const riding = pageRider(context.request.method, url.pathname, locals.locale);
  const outcome = await resolveSession(env, context.request, Date.now(), riding?.rider);
  const extraCookies: string[] = [];
  if (outcome.kind === 'user') {
    locals.session = outcome.session;
    locals.user = outcome.session.user;
    if (riding && outcome.session.riderResults) locals.ridden = riding.readAhead(outcome.session.riderResults, outcome.session.user.id);
    if (outcome.session.renewedCookie) extraCookies.push(outcome.session.renewedCookie);
  } else if (outcome.kind === 'stale') {
    console.warn('Session cookie refused:', outcome.reason);
    extraCookies.push(clearSessionCookie(url));
  }
  // The display marker follows the session the server found (t-ssid's own changes carry it along).
  const marked = readCookie(context.request.headers.get('cookie'), SESSION_MARKER_COOKIE) === '1';
  if (marked !== (locals.user !== null)) extraCookies.push(sessionMarkerCookie(locals.user !== null, url));
  const withCookies = (response: Response) => {
    if (extraCookies.length === 0) return response;
    const copy = new Response(response.body, response);
    for (const cookie of extraCookies) copy.headers.append('set-cookie', cookie);
    return copy;
  };
  const visitorTarget = locals.user ? null : visitorRedirect(url.pathname, url.search);
  if (visitorTarget) {
    // Home is '/', which leads to the remembered locale: a visitor who opened another locale's
    // page (with no script yet to remember it) goes on in that language, not the default one.
    const pathLocale = localeOfPath(url.pathname);
    if (visitorTarget === '/' && pathLocale && context.cookies.get(LOCALE_COOKIE)?.value !== pathLocale) {
      const site = await findSite(env.DB, env.SITE_ID);
      if (site?.supportedLocale.includes(pathLocale)) extraCookies.push(localeCookie(pathLocale, url));
    }
    return withCookies(context.redirect(visitorTarget, 302));
  }

  // 3. Locale prefix.
  if (!localeOfPath(url.pathname)) {
    const site = await findSite(env.DB, env.SITE_ID);
    locals.locale = chooseLocale({
      userLocale: locals.user?.locale,
      returnLocale: localeOfPath(url.searchParams.get('returnTo') ?? ''),
      cookieLocale: context.cookies.get(LOCALE_COOKIE)?.value,
      supported: site?.supportedLocale ?? [DEFAULT_LOCALE],
      fallback: site?.defaultLocale ?? DEFAULT_LOCALE,
    });
    const target = localeRedirect(url.pathname, url.search, locals.locale);
    if (target) return withCookies(context.redirect(target, 302));
  } else {
    // A locale the site does not have ('/en-GB/profile'): the same page in the closest one it has,
    // never the default language's text under another language's address. The page context is
    // the one the page reads next (loaded once per request, kept per content version).
    const { site } = await locals.page;
    if (!site.supportedLocale.includes(locals.locale)) {
      const closest = closestLocale(locals.locale, site.supportedLocale, site.defaultLocale);
      return withCookies(context.redirect(`${localizedPath(url.pathname, closest)}${url.search}`, 302));
    }
  }

  // 5. Route rules (4, the page hit, is the client's).
  const ruled = applyRouteRules(url.pathname, url.search);
  if (ruled) return withCookies(context.redirect(ruled, 302));

  // 6. The page table (core/page-access.ts): a page is a 404, as if it did not exist, for a user
  // without its permission (and for a visitor where the rule says so); pages read locals.permissions.
  const rule = pageRuleFor(url.pathname);
  if (pageHidden(rule, locals.user ? (rule?.permission ? await locals.permissions : new Set()) : null)) {
    locals.routeError = pageNotFound(url.pathname);
    return withCookies(await context.rewrite('/404'));
  }

  return withCookies(await next());
});

// The security headers are the Worker's (src/worker.ts): they cover answers no middleware sees.
export const onRequest = sequence(privatePages, sessionMarker, routeGuards);
