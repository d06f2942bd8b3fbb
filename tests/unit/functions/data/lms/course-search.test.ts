import type { D1Database } from '@cloudflare/workers-types';
import { describe, expect, it, vi } from 'vitest';
import { MAX_SEARCH_WORDS, searchExpression } from '../../../../../functions/data/lms/course-search.ts';
import { findCourses } from '../../../../../functions/data/lms/courses.ts';

describe('catalogue search expression', () => {
  it('makes every word a quoted prefix term, so FTS5 syntax typed by a visitor is only text', () => {
    expect(searchExpression('cardio base')).toBe('"cardio"* "base"*');
    expect(searchExpression('"ecg" OR NEAR(a*')).toBe('"""ecg"""* "OR"* "NEAR(a*"*');
  });

  it('drops words with nothing to index, and answers null when nothing is left', () => {
    expect(searchExpression('%'.repeat(25))).toBeNull();
    expect(searchExpression('😀'.repeat(13))).toBeNull();
    expect(searchExpression('   ')).toBeNull();
    expect(searchExpression('😀 triage %')).toBe('"triage"*');
  });

  it('keeps at most eight words', () => {
    expect(searchExpression(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))?.split(' ')).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe('a failing search query', () => {
  it("never carries D1's own message or stack to the error screen", async () => {
    const leak = 'D1_ERROR: LIKE or GLOB pattern too complex: SQLITE_ERROR';
    const statement = { bind: () => statement };
    const db = { prepare: () => statement, batch: () => Promise.reject(new Error(leak)) } as unknown as D1Database;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await findCourses(db, 'tiles-demo', 'it-IT', 'it-IT', { query: 'cardio' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(`${(error as Error).message}\n${(error as Error).stack}`).not.toMatch(/D1_ERROR|SQLITE|GLOB/);
    expect(String(log.mock.calls[0]?.[1])).toContain(leak);
    log.mockRestore();
  });
});
