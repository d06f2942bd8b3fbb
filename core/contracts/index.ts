/**
 * One contract per payload: a zod schema for each request body, query, path and answer the API
 * and the browser exchange, one file per API area. The server validates with them (zValidator in
 * `functions/app.ts`) and types its answers with `z.infer`; the browser takes its types and form
 * checks from the same schemas (type-only imports keep zod out of a chunk that needs no check).
 *
 * Ids: what we add is called `id`; the platform API's shapes keep its `_id` (site, badges,
 * category tags, the user, roles, written events and hits).
 */
export * from './common.ts';
export * from './user.ts';
export * from './site.ts';
export * from './role.ts';
export * from './game.ts';
export * from './lms.ts';
export * from './stats.ts';
export * from './event.ts';
export * from './cms.ts';
export * from './media.ts';
export * from './page.ts';
export * from './support.ts';
export * from './password.ts';
export * from './registration.ts';
export * from './people.ts';
export * from './data-rights.ts';
