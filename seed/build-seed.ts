// Writes the demo site's SQL: reference data (safe to apply on every start: INSERT OR IGNORE
// never overwrites what editors or users changed) and the demo learners' history (applied once).
// Run by scripts/prepare-db.mjs with the pinned Node, which strips the TypeScript types.
// Each area is a module of seed/areas/; this file puts their SQL in the order the tables need.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coursesSql } from './areas/courses.ts';
import { ecmDemoSql, ecmReferenceSql } from './areas/ecm.ts';
import { badgesAndLevelsSql, earnedSql } from './areas/gamification.ts';
import { learnerHistory } from './areas/history.ts';
import { mediaSql } from './areas/media.ts';
import { demoPeopleSql, demoUsersSql } from './areas/people.ts';
import { historyCourses, readJson, SEED_DIR, SITE_ID, sql, type SeedBadge, type SeedCategory, type SeedCourse } from './areas/seed-sql.ts';
import { pagesSql, siteSql } from './areas/site.ts';

export { COHORT_PASSWORD, DEMO_AUDITOR, DEMO_ENROLMENT_COURSE, DEMO_STAFF } from './areas/people.ts';
export { mediaSql, SITE_ID };

/** The site, its catalogue, badges and levels, ECM settings and pages: the reference data. */
export function referenceSql(): string {
  const { categories, courses } = readJson<{ categories: SeedCategory[]; courses: SeedCourse[] }>('content/courses.json');
  const badges = readJson<SeedBadge[]>('badges.json');
  return [...siteSql(), ...coursesSql(categories, courses), ...badgesAndLevelsSql(badges), ...ecmReferenceSql(), ...pagesSql()].join('\n');
}

/** The demo's people and the history that makes its pages worth looking at: applied once. */
export async function demoSql(pepper: string, secret: string, now = Date.now()): Promise<string> {
  const badges = readJson<SeedBadge[]>('badges.json');
  // The people first: the history has one of the cohort study an ECM course too.
  const out: string[] = [await demoUsersSql(pepper, now), await demoPeopleSql(pepper, now)];
  const history = learnerHistory(historyCourses(), now);
  out.push(...history.sql);
  out.push(await ecmDemoSql(history.learner, history.lastDone, history.next, secret, now));
  out.push(...earnedSql(history, badges, now));
  out.push(`INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ${sql(new Date(now).toISOString())});\n`);
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2] ?? join(SEED_DIR, '..', '.wrangler', 'seed');
  const pepper = process.env.PASSWORD_PEPPER;
  if (!pepper) throw new Error('PASSWORD_PEPPER is not set');
  // Certificate codes are signed with a key derived from it (functions/ecm/certificate-code.ts).
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET is not set');
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'reference.sql'), referenceSql() + (await mediaSql()));
  writeFileSync(join(target, 'demo.sql'), await demoSql(pepper, secret));
  console.log(`Seed SQL written to ${target}`);
}
