import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, FEATURE_ROUTES, type RouteContract } from '../../../core/api-routes.ts';

const routes = Object.entries(API_ROUTES as Record<string, RouteContract>);
const segments = (path: string) => path.split('/').slice(1);
const isParam = (segment: string) => segment.startsWith(':');

/** Two different paths one request can match: as many segments, each equal or a `:parameter` on either side. */
function overlap(a: string, b: string): boolean {
  const [x, y] = [segments(a), segments(b)];
  return a !== b && x.length === y.length && x.every((segment, i) => segment === y[i] || isParam(segment) || isParam(y[i] as string));
}

/** Whether `a` has a literal segment wherever `b` has one, and at least one where `b` has a parameter. */
function narrower(a: string, b: string): boolean {
  const [x, y] = [segments(a), segments(b)];
  return x.some((segment, i) => !isParam(segment) && isParam(y[i] as string)) && !x.some((segment, i) => isParam(segment) && !isParam(y[i] as string));
}

/**
 * Every pair of routes whose paths overlap, in the order the merged table must keep. The router
 * takes the first match, and a path's 405 (or a hidden path's 404) is answered by the first path
 * registered that matches: `GET /cms/builds/snapshot` must not be read as the build `snapshot`,
 * and `PUT /cms/builds/claim` is today the 405 of `/cms/builds/:id`. A new overlapping route
 * joins this list once its place is chosen.
 */
const ORDERED_PAIRS: [before: string, after: string][] = [
  ['getSnapshot', 'getBuild'],
  ['getBuild', 'claimBuild'],
  ['getAssessmentReview', 'putAssessmentAnswers'],
  ['getEcmCourseSetup', 'getParticipants'],
  ['putEcmEvent', 'getParticipants'],
  ['postPeopleImport', 'getPerson'],
  ['postPeopleImport', 'putPerson'],
  ['postPeopleImport', 'deletePerson'],
];

describe('the route table (core/api-routes.ts, merged from core/api-routes/)', () => {
  it('is every feature table, in order, each name once', () => {
    const names = Object.values(FEATURE_ROUTES).flatMap((table) => Object.keys(table));
    expect(new Set(names).size, 'a name in two feature tables: the later one would replace the earlier').toBe(names.length);
    expect(Object.keys(API_ROUTES)).toEqual(names);
  });

  it('has one feature table per file of core/api-routes/, named after a folder of functions/', () => {
    const files = readdirSync('core/api-routes').filter((name) => name !== 'contract.ts');
    expect(files.map((name) => name.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(FEATURE_ROUTES).sort());
    const folders = readdirSync('functions', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const feature of Object.keys(FEATURE_ROUTES)) expect(folders.map((entry) => entry.name)).toContain(feature);
  });

  it('has no two routes with the same method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, route] of routes) {
      const key = `${route.method} ${route.path}`;
      expect(seen.get(key), `${name} and ${seen.get(key)} are both ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('keeps every pair of overlapping paths in its order, the narrower path first where the method is the same', () => {
    const position = new Map(routes.map(([name], index) => [name, index]));
    for (const [before, after] of ORDERED_PAIRS) {
      expect(position.get(before), `${before} is in the table`).toBeTypeOf('number');
      expect(position.get(before), `${before} before ${after}`).toBeLessThan(position.get(after) as number);
    }
    const listed = new Set(ORDERED_PAIRS.map((pair) => pair.join(' < ')));
    routes.forEach(([nameA, a], i) => {
      for (const [nameB, b] of routes.slice(i + 1)) {
        if (!overlap(a.path, b.path)) continue;
        expect(listed, `${a.path} and ${b.path} overlap: choose their order and list it in ORDERED_PAIRS`).toContain(`${nameA} < ${nameB}`);
        if (a.method === b.method) expect(narrower(b.path, a.path), `${b.path} is hidden behind ${a.path}`).toBe(false);
      }
    });
  });

  it('tells an overlap from paths that cannot meet', () => {
    expect(overlap('/cms/builds/snapshot', '/cms/builds/:id')).toBe(true);
    expect(narrower('/cms/builds/snapshot', '/cms/builds/:id')).toBe(true);
    expect(narrower('/cms/builds/:id', '/cms/builds/snapshot')).toBe(false);
    expect(overlap('/staff/people/:userId/courses', '/staff/people/:userId/courses.csv')).toBe(false);
    expect(overlap('/cms/builds', '/cms/builds/:id')).toBe(false);
  });
});
