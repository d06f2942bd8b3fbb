// Gamification: the site's badges and levels, and what the demo learner earned from their history.
import { earnsBadge, experience, LEVEL_THRESHOLDS, levelFor, longestStreak } from '../../core/gamification.ts';
import type { LearnerHistory } from './history.ts';
import { insert, LOCALES, row, SITE_ID, type SeedBadge } from './seed-sql.ts';

/** The badges of seed/badges.json and the levels of core/gamification.ts, named in every locale. */
export function badgesAndLevelsSql(badges: SeedBadge[]): string[] {
  const out: string[] = [];
  out.push(
    insert(
      'badge',
      'id, site_id, category_id, icon, rule, threshold, position',
      badges.map((b, i) => row(b.id, SITE_ID, null, b.icon, b.rule, b.threshold, i)),
    ),
  );
  out.push(
    insert(
      'badge_text',
      'badge_id, locale, name, description',
      badges.flatMap((b) => LOCALES.map((l) => row(b.id, l, b.name[l], b.description[l]))),
    ),
  );
  const levelNames: Record<string, string[]> = {
    'it-IT': ['Principiante', 'Apprendista', 'Competente', 'Esperto', 'Specialista', 'Maestro'],
    'en-US': ['Beginner', 'Apprentice', 'Competent', 'Expert', 'Specialist', 'Master'],
    'de-DE': ['Einsteiger', 'Lernende', 'Kompetent', 'Erfahren', 'Spezialist', 'Meister'],
  };
  out.push(
    insert(
      'level',
      'site_id, level, experience',
      LEVEL_THRESHOLDS.map((t) => row(SITE_ID, t.level, t.experience)),
    ),
  );
  out.push(
    insert(
      'level_text',
      'site_id, level, locale, name',
      LEVEL_THRESHOLDS.flatMap((t) => LOCALES.map((l) => row(SITE_ID, t.level, l, levelNames[l]?.[t.level - 1] ?? `Livello ${t.level}`))),
    ),
  );
  return out;
}

/** Levels and badges follow from the learner's history through the gamification rules. */
export function earnedSql(history: LearnerHistory, badges: SeedBadge[], now: number): string[] {
  const { learner, plan, progress, completedDays, minutes } = history;
  const out: string[] = [];
  const sessionsDone = progress.length;
  const perCategory = new Map<string, { sessions: number; courses: number }>();
  for (const entry of plan) {
    const done = progress.filter((p) => p.startsWith(`('${learner}', '${entry.course.id}'`)).length;
    const stats = perCategory.get(entry.course.category) ?? { sessions: 0, courses: 0 };
    stats.sessions += done;
    if (done === entry.sessions.length) stats.courses += 1;
    perCategory.set(entry.course.category, stats);
  }
  const coursesDone = [...perCategory.values()].reduce((sum, c) => sum + c.courses, 0);
  out.push(
    insert(
      'user_level',
      'user_id, category_id, level, experience, obtained_at',
      [...perCategory]
        .filter(([, c]) => c.sessions > 0)
        .map(([category, c]) => {
          const xp = experience(c.sessions, c.courses);
          return row(learner, category, levelFor(xp), xp, now - 86_400_000);
        }),
    ),
  );
  const facts = { sessions: sessionsDone, courses: coursesDone, streak: longestStreak(completedDays), minutes: Math.round(minutes) };
  out.push(
    insert(
      'user_badge',
      'user_id, badge_id, obtained_at, amount, chain',
      badges.filter((b) => earnsBadge(b.rule, b.threshold, facts)).map((b, i) => row(learner, b.id, now - (badges.length - i) * 2 * 86_400_000, 1, 1)),
    ),
  );
  return out;
}
