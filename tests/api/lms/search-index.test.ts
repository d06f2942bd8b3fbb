import { env } from 'cloudflare:workers';
import { createScheduledController } from 'cloudflare:test';
import type { D1Database } from '@cloudflare/workers-types';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { findCourses } from '../../../functions/data/lms/courses.ts';
import { refreshSearchIndex } from '../../../functions/data/lms/search-index.ts';
import worker from '../api-worker.ts';
import { SITE, seedFixtures } from '../fixtures.ts';

// The stemmed index (migration 0019, functions/data/lms/search-index.ts) on a real D1: what
// visitors type against descriptions, module and session titles, in Italian, German and English.
beforeAll(async () => {
  await seedFixtures();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('ica', ?, 'cat-rischio', 8, 1), ('ferite', ?, 'cat-rischio', NULL, 2)",
    ).bind(SITE, SITE),
    env.DB.prepare(
      `INSERT OR IGNORE INTO course_text VALUES
        ('ica', 'it-IT', 'Prevenzione delle ICA', 'Le infezioni correlate all''assistenza.', 'È rivolto a infermieri, medici e ostetriche.'),
        ('ica', 'de-DE', 'Infektionsprävention', 'Krankenhausinfektionen vermeiden.', 'Für Pflegekräfte und Ärzte auf der Station.'),
        ('ica', 'en-US', 'Infection prevention', 'Healthcare-associated infections.', 'For nurses and doctors.'),
        ('ferite', 'it-IT', 'Ferite difficili', 'Le lesioni croniche.', 'Dalla valutazione alla medicazione.')`,
    ),
    env.DB.prepare("INSERT OR IGNORE INTO module (course_id, number) VALUES ('ica', 1), ('ferite', 1)"),
    env.DB.prepare(
      "INSERT OR IGNORE INTO module_text VALUES ('ica', 1, 'it-IT', 'Le basi'), ('ica', 1, 'de-DE', 'Grundlagen'), ('ferite', 1, 'it-IT', 'Valutare')",
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO session (course_id, module_number, number, kind, duration, media_url) VALUES ('ica', 1, 1, 'text', '0h 10m 0s', NULL), ('ica', 1, 2, 'video', '0h 10m 0s', NULL), ('ferite', 1, 1, 'text', '0h 10m 0s', NULL)",
    ),
    env.DB.prepare(
      `INSERT OR IGNORE INTO session_text VALUES
        ('ica', 1, 1, 'it-IT', 'Igiene delle mani', 'Testo.'), ('ica', 1, 1, 'de-DE', 'Händehygiene', 'Text.'),
        ('ica', 1, 2, 'it-IT', 'Dispositivi di protezione', 'Testo.'),
        ('ferite', 1, 1, 'it-IT', 'Scala di Braden', 'Testo.')`,
    ),
  ]);
});

const ids = async (query: string, locale = 'it-IT') => (await findCourses(env.DB, SITE, locale, 'it-IT', { query, limit: 24 })).courses.map((c) => c.id);
const noted = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM course_search_dirty').first<{ n: number }>())?.n ?? 0;

describe('the stemmed catalogue search', () => {
  it('finds a course by a word of its description, in any inflection: infermieri, infermiera', async () => {
    expect(await ids('infermieri')).toEqual(['ica']);
    expect(await ids('infermiera')).toEqual(['ica']);
    expect(await ids('ostetrica')).toEqual(['ica']);
    expect(await ids('lesione')).toEqual(['ferite']);
  });

  it('finds a course by the title of one of its modules or sessions', async () => {
    expect(await ids('braden')).toEqual(['ferite']);
    expect(await ids('igiene mani')).toEqual(['ica']);
    expect(await ids('valutare')).toEqual(['ferite']);
  });

  it('finds German texts by inflected forms, in German only, and English ones by theirs', async () => {
    expect(await ids('Pflegekraft', 'de-DE')).toEqual(['ica']);
    expect(await ids('arzt', 'de-DE')).toEqual(['ica']);
    expect(await ids('händehygiene', 'de-DE')).toEqual(['ica']);
    expect(await ids('Pflegekraft')).toEqual([]);
    expect(await ids('nurse doctor', 'en-US')).toEqual(['ica']);
  });

  it("searches an English visitor's view: untranslated session titles in the default locale, untranslated courses in it", async () => {
    expect(await ids('protezione', 'en-US')).toEqual(['ica']);
    expect(await ids('medicazione', 'en-US')).toEqual(['ferite']);
    expect(await ids('infermieri', 'en-US')).toEqual([]);
  });

  it('finds nothing for emoji or punctuation only', async () => {
    expect(await ids('😀')).toEqual([]);
    expect(await ids('😀😷 🩹')).toEqual([]);
    expect(await ids('%%% ***')).toEqual([]);
  });

  it('finds a text the moment it is written, and no longer finds what was removed', async () => {
    await env.DB.prepare(
      "UPDATE session_text SET title = 'Antisepsi cutanea' WHERE course_id = 'ferite' AND module_number = 1 AND number = 1 AND locale = 'it-IT'",
    ).run();
    expect(await noted()).toBeGreaterThan(0);
    expect(await ids('antisepsi')).toEqual(['ferite']);
    expect(await ids('braden')).toEqual([]);
    expect(await noted()).toBe(0);

    await env.DB.prepare("UPDATE course_text SET description = 'Per infermieri di ambulatorio.' WHERE course_id = 'ferite' AND locale = 'it-IT'").run();
    expect((await ids('infermiera')).sort()).toEqual(['ferite', 'ica']);

    await env.DB.prepare("DELETE FROM session WHERE course_id = 'ica' AND module_number = 1 AND number = 2").run();
    expect(await ids('dispositivi')).toEqual([]);
    await env.DB.prepare("DELETE FROM course_text WHERE course_id = 'ica' AND locale = 'de-DE'").run();
    expect(await ids('Pflegekraft', 'de-DE')).toEqual([]);
    expect((await ids('infermieri', 'de-DE')).sort()).toEqual(['ferite', 'ica']);
  });

  it('is brought up to date by the hourly Cron Trigger, and costs nothing when nothing changed', async () => {
    await env.DB.prepare("UPDATE module_text SET title = 'Valutazione del rischio' WHERE course_id = 'ferite' AND number = 1 AND locale = 'it-IT'").run();
    expect(await noted()).toBeGreaterThan(0);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 * * * *' }), env);
    expect(await noted()).toBe(0);
    expect(await refreshSearchIndex(env.DB)).toBe(0);
    expect(await ids('rischio')).toEqual(['ferite']);
  });

  it('never puts back older text: a refresh that read before another one wrote leaves that course alone', async () => {
    await env.DB.prepare("UPDATE course_text SET title = 'Ulcere da pressione' WHERE course_id = 'ferite' AND locale = 'it-IT'").run();
    // A refresh that reads, then waits before writing, as a slow request would.
    let batches = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = new Proxy(env.DB, {
      get(target, property) {
        if (property === 'batch')
          return async (statements: Parameters<D1Database['batch']>[0]) => {
            if (++batches === 2) await gate;
            return target.batch(statements);
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const late = refreshSearchIndex(slow);
    await vi.waitFor(() => expect(batches).toBe(2));
    await env.DB.prepare("UPDATE course_text SET title = 'Piede diabetico' WHERE course_id = 'ferite' AND locale = 'it-IT'").run();
    expect(await refreshSearchIndex(env.DB)).toBe(1);
    release();
    await late;
    expect(await noted()).toBe(0);
    expect(await ids('diabetico')).toEqual(['ferite']);
    expect(await ids('ulcere')).toEqual([]);
  });
});
