import type { D1Database } from '@cloudflare/workers-types';
import { describe, expect, it, vi } from 'vitest';
import { searchExpressions } from '../../../../../functions/data/lms/course-search.ts';
import { findCourses } from '../../../../../functions/data/lms/courses.ts';

const page = (text: string, locale = 'it-IT', defaultLocale = 'it-IT') => searchExpressions(text, locale, defaultLocale)?.page ?? null;

describe('catalogue search expressions', () => {
  it('makes every word quoted prefix terms, so FTS5 syntax typed by a visitor is only text', () => {
    expect(page('cardio base')).toBe('"card"* "bas"*');
    expect(page('"ecg" OR NEAR(a*', 'en-US', 'en-US')).toBe('"ecg"* "or"* "near"* "a"*');
  });

  it("offers a word's stems in the page's and the default locale for the page's texts, the default one's only for untranslated courses", () => {
    expect(searchExpressions('Straße', 'de-DE', 'it-IT')).toEqual({ page: '("strass"* OR "straß"*)', fallback: '"straß"*' });
  });

  it('drops words with nothing to index, and answers null when nothing is left', () => {
    expect(page('%'.repeat(25))).toBeNull();
    expect(page('😀'.repeat(13))).toBeNull();
    expect(page('   ')).toBeNull();
    expect(page('😀 triage %')).toBe('"triag"*');
  });
});

describe('a failing search query', () => {
  it("never carries D1's own message or stack to the error screen", async () => {
    const leak = 'D1_ERROR: LIKE or GLOB pattern too complex: SQLITE_ERROR';
    const statement = { bind: () => statement, all: () => Promise.resolve({ results: [] }) };
    const db = { prepare: () => statement, batch: () => Promise.reject(new Error(leak)) } as unknown as D1Database;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await findCourses(db, 'tiles-demo', 'it-IT', 'it-IT', { query: 'cardio' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(`${(error as Error).message}\n${(error as Error).stack}`).not.toMatch(/D1_ERROR|SQLITE|GLOB/);
    expect(String(log.mock.calls[0]?.[1])).toContain(leak);
    log.mockRestore();
  });
});
