// The gamification rules in one place: how completed sessions and time become experience,
// levels and badges. The API, the seed and the tests all use these.

export const XP_PER_SESSION = 10;
export const XP_PER_COURSE = 50;

/** Experience needed for each level, per category. */
export const LEVEL_THRESHOLDS = [
  { level: 1, experience: 0 },
  { level: 2, experience: 40 },
  { level: 3, experience: 100 },
  { level: 4, experience: 180 },
  { level: 5, experience: 300 },
  { level: 6, experience: 450 },
] as const;

export type BadgeRule = 'sessions' | 'courses' | 'streak' | 'minutes';

export interface LearnerFacts {
  /** Completed sessions, all categories. */
  sessions: number;
  /** Completed courses. */
  courses: number;
  /** Longest run of consecutive days with a completed session. */
  streak: number;
  /** Minutes of learning time. */
  minutes: number;
}

export function experience(completedSessions: number, completedCourses: number): number {
  return completedSessions * XP_PER_SESSION + completedCourses * XP_PER_COURSE;
}

export function levelFor(xp: number, thresholds: readonly { level: number; experience: number }[] = LEVEL_THRESHOLDS): number {
  let level = 0;
  for (const threshold of thresholds) if (xp >= threshold.experience) level = Math.max(level, threshold.level);
  return level;
}

export function earnsBadge(rule: BadgeRule, threshold: number, facts: LearnerFacts): boolean {
  return facts[rule] >= threshold;
}

/** Longest run of consecutive YYYY-MM-DD days. */
export function longestStreak(days: Iterable<string>): number {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of sorted) {
    const t = Date.parse(`${day}T12:00:00Z`);
    run = t - previous === 86_400_000 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = t;
  }
  return best;
}
