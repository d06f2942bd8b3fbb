import { describe, expect, it } from 'vitest';
import { creditsText, creditTenths } from '../../../../core/ecm/credits.ts';
import { daySpan, editionDatesProblem, editionsOverlap, isCalendarDay, reportDeadline, reportState } from '../../../../core/ecm/edition-rules.ts';

describe('edition rules', () => {
  it('allows at most 365 days inside one triennium, in order', () => {
    expect(editionDatesProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(daySpan('2026-01-01', '2026-12-31')).toBe(365);
    expect(editionDatesProblem('2028-01-01', '2028-12-31')).toBe('tooLong'); // a leap year: 366 days
    expect(editionDatesProblem('2026-03-01', '2026-02-28')).toBe('order');
    expect(editionDatesProblem('2028-12-01', '2029-01-31')).toBe('triennium');
    expect(editionDatesProblem('2025-12-31', '2026-01-01')).toBe('triennium');
    expect(editionDatesProblem('2029-01-01', '2029-01-01')).toBeNull();
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(editionsOverlap({ startsOn: '2026-01-01', endsOn: '2026-06-30' }, { startsOn: '2026-06-30', endsOn: '2026-12-30' })).toBe(true);
    expect(editionsOverlap({ startsOn: '2026-01-01', endsOn: '2026-06-29' }, { startsOn: '2026-06-30', endsOn: '2026-12-30' })).toBe(false);
  });

  it('puts the report deadline 90 days after the end and reminds staff in its last 30 days', () => {
    expect(reportDeadline('2026-06-30')).toBe('2026-09-28');
    const edition = { endsOn: '2026-06-30', reportedAt: null };
    expect(reportState(edition, '2026-06-30')).toBe('open');
    expect(reportState(edition, '2026-07-01')).toBe('waiting');
    expect(reportState(edition, '2026-08-30')).toBe('due');
    expect(reportState(edition, '2026-09-28')).toBe('due');
    expect(reportState(edition, '2026-09-29')).toBe('late');
    expect(reportState({ ...edition, reportedAt: Date.parse('2026-07-02T09:00:00Z') }, '2026-09-29')).toBe('sent');
  });

  it('writes credits with one decimal and reads only the registry pattern up to 50.0', () => {
    expect(creditsText(80)).toBe('8.0');
    expect(creditsText(105)).toBe('10.5');
    expect(creditTenths('12.5')).toBe(125);
    expect(creditTenths('50.0')).toBe(500);
    for (const text of ['50.1', '8', '8.25', '8,5', '123.0', '']) expect(creditTenths(text), text).toBeNull();
  });
});
