// Writes core/reserved-paths.ts: every first path segment that a route, a public file or the build
// itself uses, read from Astro's own route table, so that a new route is covered without anyone
// remembering to list it, and every old address the route rules redirect (src/server/route-rules.ts),
// read from their table for the same reason. The CMS refuses these as content page keys: a content
// page lives at /{locale}/{key} and would shadow the route, or never show behind the redirect
// (functions/cms/handlers.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ROUTE_RULES } from '../src/server/route-rules.ts';

const TARGET = new URL('../core/reserved-paths.ts', import.meta.url);
// Written into the static output by the build: integrations/build-info.mjs, the Cloudflare adapter.
const BUILD_PATHS = ['builds', '_headers', '_redirects', '_routes.json', '_worker.js', '.assetsignore'];
// Answered by the Worker itself before Astro (src/worker.ts): the API, the course media, the health check.
const WORKER_PATHS = ['api', 'media', 'healthz'];

const segmentName = (segment) => (segment.some((part) => part.dynamic) ? null : segment.map((part) => part.content).join(''));

/** The route's first static segment: its first, or the one after the locale (or another parameter). */
export function firstSegment(segments) {
  const [first, second] = segments;
  if (!first) return null;
  return segmentName(first) ?? (second ? segmentName(second) : null);
}

/** Every reserved name: first segments of the routes, names in public/, the build's own, the Worker's, and the addresses the route rules take. */
export function reservedNames({ routes, publicNames, assetsDir }) {
  const fromRoutes = routes.map((route) => firstSegment(route.segments));
  const redirected = ROUTE_RULES.map((rule) => rule.from);
  return [...fromRoutes, ...publicNames, assetsDir, ...BUILD_PATHS, ...WORKER_PATHS, ...redirected];
}

export function reservedPathsModule(names) {
  const list = [...new Set(names)].filter(Boolean).sort();
  return [
    '// Written by integrations/reserved-paths.mjs on every `astro dev`, `astro build` and `astro sync`: do not edit.',
    '/** First path segments taken by a route, a file of public/, the build output or an address a route rule redirects. */',
    `export const RESERVED_PATHS: readonly string[] = ${JSON.stringify(list, null, 2).replace(/"/g, "'")};`,
    '',
  ].join('\n');
}

export function reservedPaths() {
  let config;
  return {
    name: 'tiles-reserved-paths',
    hooks: {
      'astro:config:setup': ({ config: setup }) => {
        config = setup;
      },
      'astro:routes:resolved': async ({ routes, logger }) => {
        const publicDir = fileURLToPath(config.publicDir);
        const publicNames = existsSync(publicDir) ? await readdir(publicDir) : [];
        const module = reservedPathsModule(reservedNames({ routes, publicNames, assetsDir: config.build.assets }));
        // Only on change: rewriting the same file would make the dev server reload for nothing.
        if (existsSync(TARGET) && readFileSync(TARGET, 'utf8') === module) return;
        writeFileSync(TARGET, module);
        logger.info('reserved paths written to core/reserved-paths.ts');
      },
    },
  };
}
