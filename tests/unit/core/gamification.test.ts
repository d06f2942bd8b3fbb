import { describe, expect, it } from 'vitest';
import { earnsBadge, experience, levelFor, longestStreak, XP_PER_COURSE, XP_PER_SESSION } from '../../../core/gamification.ts';

describe('gamification rules', () => {
  it('turn sessions and courses into experience and levels', () => {
    expect(experience(4, 0)).toBe(40);
    expect(experience(3, 1)).toBe(3 * XP_PER_SESSION + XP_PER_COURSE);
    expect(levelFor(0)).toBe(1);
    expect(levelFor(39)).toBe(1);
    expect(levelFor(40)).toBe(2);
    expect(levelFor(1000)).toBe(6);
  });

  it('award badges at their thresholds', () => {
    const facts = { sessions: 5, courses: 0, streak: 7, minutes: 599 };
    expect(earnsBadge('sessions', 5, facts)).toBe(true);
    expect(earnsBadge('courses', 1, facts)).toBe(false);
    expect(earnsBadge('minutes', 600, facts)).toBe(false);
    expect(longestStreak(['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-05', '2026-11-06'])).toBe(3);
  });
});
