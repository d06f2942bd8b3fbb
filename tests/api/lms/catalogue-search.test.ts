import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCourses } from '../../../functions/data/lms/courses.ts';
import { SITE, seedFixtures } from '../fixtures.ts';

beforeAll(async () => {
  await seedFixtures();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('ecg-lettura', ?, 'cat-rischio', 4, 1), ('cardio-base', ?, 'cat-rischio', NULL, 5), ('nefro', ?, 'cat-privacy', NULL, 6)",
    ).bind(SITE, SITE, SITE),
    env.DB.prepare(
      `INSERT OR IGNORE INTO course_text VALUES
        ('ecg-lettura', 'it-IT', 'Leggere un ECG', 'Le basi della cardiologia per chi legge un tracciato.', 'Descrizione.'),
        ('ecg-lettura', 'en-US', 'Reading an ECG', 'Cardiology basics for reading a trace.', 'Description.'),
        ('cardio-base', 'it-IT', 'Cardiologia di base', 'Il cuore e i suoi disturbi più comuni.', 'Descrizione.'),
        ('nefro', 'it-IT', 'Nefrologia', 'Il rene, senza traduzione inglese.', 'Descrizione.')`,
    ),
  ]);
});

const search = (query: string, locale = 'it-IT') => findCourses(env.DB, SITE, locale, 'it-IT', { query, limit: 24 });
const ids = async (query: string, locale?: string) => (await search(query, locale)).courses.map((course) => course.id);

describe('catalogue search on the full-text index', () => {
  it('answers inputs that broke LIKE (a 49-character word, 13 emoji, 25 %) with results, not an error', async () => {
    for (const query of [
      'a'.repeat(49),
      '😀'.repeat(13),
      '%'.repeat(25),
      '"',
      '*',
      'NEAR(a b)',
      'cardio OR',
      '-x',
      'title:x',
      '(',
      '^a',
      `${'%'.repeat(30)} ${'_'.repeat(30)} ${'😀'.repeat(30)}`,
    ]) {
      const result = await search(query);
      expect(result.total, query).toBe(result.courses.length);
    }
    expect(await ids('%'.repeat(25))).toEqual([]);
    expect(await ids('😀'.repeat(13))).toEqual([]);
  });

  it('ignores case and accents: cardiologia, CARDIOLOGIA and càrdio find the same courses', async () => {
    const expected = await ids('cardiologia');
    expect(expected).toContain('cardio-base');
    expect(await ids('CARDIOLOGIA')).toEqual(expected);
    expect(await ids('càrdio')).toEqual(expected);
  });

  it('matches the start of words, every word required', async () => {
    expect(await ids('nefro')).toEqual(['nefro']);
    expect(await ids('cuore disturbi')).toEqual(['cardio-base']);
    expect(await ids('cuore rene')).toEqual([]);
    expect(await ids('ologia')).toEqual([]);
  });

  it('puts a title match before a summary match, whatever the catalogue order', async () => {
    expect(await ids('cardiologia')).toEqual(['cardio-base', 'ecg-lettura']);
  });

  it('searches the texts the cards show: the locale, or the default locale where a course has no translation', async () => {
    expect(await ids('cardiology', 'en-US')).toEqual(['ecg-lettura']);
    expect(await ids('leggere', 'en-US')).toEqual([]);
    expect(await ids('nefrologia', 'en-US')).toEqual(['nefro']);
  });

  it('follows the course texts editors publish: updated, replaced, added and removed texts', async () => {
    await env.DB.prepare("UPDATE course_text SET title = 'Ematologia' WHERE course_id = 'nefro' AND locale = 'it-IT'").run();
    expect(await ids('nefrologia')).toEqual([]);
    expect(await ids('ematologia')).toEqual(['nefro']);
    await env.DB.prepare("INSERT OR REPLACE INTO course_text VALUES ('nefro', 'it-IT', 'Pneumologia', 'I polmoni.', 'Descrizione.')").run();
    expect(await ids('ematologia')).toEqual([]);
    expect(await ids('pneumo')).toEqual(['nefro']);
    await env.DB.prepare("INSERT INTO course_text VALUES ('nefro', 'en-US', 'Pulmonology', 'The lungs.', 'Description.')").run();
    expect(await ids('pneumo', 'en-US')).toEqual([]);
    expect(await ids('pulmo', 'en-US')).toEqual(['nefro']);
    await env.DB.prepare("DELETE FROM course_text WHERE course_id = 'nefro' AND locale = 'en-US'").run();
    expect(await ids('pulmo', 'en-US')).toEqual([]);
    expect(await ids('pneumo', 'en-US')).toEqual(['nefro']);
  });

  it('still lists every course for an empty search', async () => {
    const all = await findCourses(env.DB, SITE, 'it-IT', 'it-IT', { limit: 24 });
    expect((await search('   ')).total).toBe(all.total);
  });
});
