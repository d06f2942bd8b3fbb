import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import {
  CROSS_ORIGIN_OPENER_POLICY,
  cspDirectives,
  HSTS,
  isLocalHost,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  X_FRAME_OPTIONS,
} from '../../core/security-headers.ts';

/**
 * API answers carry exactly the pages' security headers (core/security-headers.ts): hono's
 * middleware with its other defaults switched off, and HSTS only outside localhost, which a
 * static option cannot express.
 */
export function apiSecureHeaders(scriptHashes: readonly string[]) {
  const headers = secureHeaders({
    contentSecurityPolicy: cspDirectives(scriptHashes),
    xContentTypeOptions: true,
    referrerPolicy: REFERRER_POLICY,
    xFrameOptions: X_FRAME_OPTIONS,
    crossOriginOpenerPolicy: CROSS_ORIGIN_OPENER_POLICY,
    permissionsPolicy: Object.fromEntries(Object.keys(PERMISSIONS_POLICY).map((feature) => [feature, []])),
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return createMiddleware(async (c, next) => {
    await headers(c, next);
    if (!isLocalHost(new URL(c.req.url).hostname)) c.res.headers.set('Strict-Transport-Security', HSTS);
  });
}
