import { trienniumOf } from './triennium.ts';

/** An edition may run at most this many days (the national rules for distance learning). */
export const MAX_EDITION_DAYS = 365;
/** The provider reports an edition's participants to the registry within this many days of its end. */
export const REPORT_DAYS = 90;
/** Staff are reminded of a report this many days before its deadline (and after it, until sent). */
export const REMINDER_DAYS = 30;

const DAY_MS = 86_400_000;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** Days from `from` to `to` (YYYY-MM-DD), both counted: one day for an edition that starts and ends on one day. */
export function daySpan(from: string, to: string): number {
  return Math.round((noon(to) - noon(from)) / DAY_MS) + 1;
}

export function addDays(day: string, days: number): string {
  return new Date(noon(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD text names a real calendar day. */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T12:00:00Z`).toISOString().slice(0, 10) === day;
}

export type EditionDatesProblem = 'order' | 'tooLong' | 'triennium';

/** Why an edition's dates break the rules, or null: in order, at most 365 days, inside one triennium. */
export function editionDatesProblem(startsOn: string, endsOn: string): EditionDatesProblem | null {
  if (endsOn < startsOn) return 'order';
  if (daySpan(startsOn, endsOn) > MAX_EDITION_DAYS) return 'tooLong';
  if (trienniumOf(noon(startsOn)).from !== trienniumOf(noon(endsOn)).from) return 'triennium';
  return null;
}

/** Whether two editions' days overlap: a learner's edition is the one open on the day, so only one may be. */
export function editionsOverlap(a: { startsOn: string; endsOn: string }, b: { startsOn: string; endsOn: string }): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}

export function reportDeadline(endsOn: string): string {
  return addDays(endsOn, REPORT_DAYS);
}

/**
 * Where an edition's report stands on a day: 'sent' once downloaded for the registry after the
 * edition ended, 'open' while the edition runs, 'due' in the reminder window, 'late' past the
 * deadline, 'waiting' otherwise.
 */
export function reportState(edition: { endsOn: string; reportedAt: number | null }, today: string): 'open' | 'waiting' | 'due' | 'late' | 'sent' {
  if (today <= edition.endsOn) return 'open';
  if (edition.reportedAt !== null && edition.reportedAt >= noon(edition.endsOn)) return 'sent';
  const deadline = reportDeadline(edition.endsOn);
  if (today > deadline) return 'late';
  if (daySpan(today, deadline) <= REMINDER_DAYS) return 'due';
  return 'waiting';
}
