import { AUTH_ROUTES } from './api-routes/auth.ts';
import { CMS_ROUTES } from './api-routes/cms.ts';
import { ECM_ROUTES } from './api-routes/ecm.ts';
import { EVENTS_ROUTES } from './api-routes/events.ts';
import { HITS_ROUTES } from './api-routes/hits.ts';
import { LMS_ROUTES } from './api-routes/lms.ts';
import { MEDIA_ROUTES } from './api-routes/media.ts';
import { PEOPLE_ROUTES } from './api-routes/people.ts';
import { RIGHTS_ROUTES } from './api-routes/rights.ts';
import { SCORM_ROUTES } from './api-routes/scorm.ts';
import { SITE_ROUTES } from './api-routes/site.ts';
import { SUPPORT_ROUTES } from './api-routes/support.ts';
import type { RouteContract } from './api-routes/contract.ts';

export { fileAnswer, type Method, type RequestContract, type RouteContract } from './api-routes/contract.ts';
export { API_PREFIX } from './api-prefix.ts';

/**
 * Each feature's calls, in the feature's own file (core/api-routes/, one per folder of
 * functions/ whose handlers answer them), in the order they are merged.
 */
export const FEATURE_ROUTES = {
  auth: AUTH_ROUTES,
  rights: RIGHTS_ROUTES,
  events: EVENTS_ROUTES,
  hits: HITS_ROUTES,
  lms: LMS_ROUTES,
  scorm: SCORM_ROUTES,
  cms: CMS_ROUTES,
  support: SUPPORT_ROUTES,
  media: MEDIA_ROUTES,
  site: SITE_ROUTES,
  ecm: ECM_ROUTES,
  people: PEOPLE_ROUTES,
} as const;

/**
 * The platform API (docs/PRODUCT.md), and the calls the product summary leaves out, in the same
 * style: the contract of every route, keyed by the name of the handler `functions/routes.ts` binds
 * to it. The router takes the first match, so order matters where paths overlap
 * (`/cms/builds/snapshot` before `/cms/builds/:id`): each such pair lives in one feature's file,
 * in order, and tests/unit/core/api-routes.test.ts keeps it so. A name or a method and path used
 * twice is refused there too. The browser imports this table's type only (`src/lib/api-client.ts`),
 * never its zod schemas.
 */
export const API_ROUTES = {
  ...AUTH_ROUTES,
  ...RIGHTS_ROUTES,
  ...EVENTS_ROUTES,
  ...HITS_ROUTES,
  ...LMS_ROUTES,
  ...SCORM_ROUTES,
  ...CMS_ROUTES,
  ...SUPPORT_ROUTES,
  ...MEDIA_ROUTES,
  ...SITE_ROUTES,
  ...ECM_ROUTES,
  ...PEOPLE_ROUTES,
} as const satisfies Record<string, RouteContract>;

export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;
