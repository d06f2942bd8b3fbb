import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankFields, bankProblem } from '../../../core/ecm/question-bank.ts';
import type { AssessmentMode } from '../../../core/ecm/assessment-rules.ts';

const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../../seed/${path}`, import.meta.url), 'utf8')) as T;
const { courses } = read<{ courses: { id: string; ecmCredits: number | null }[] }>('content/courses.json');
const ecm = read<{ events: Record<string, { mode: AssessmentMode }>; professions: { id: string; disciplines: { id: string }[] }[] }>('ecm.json');
const banks = read<Record<string, Record<string, unknown[]>>>('content/ecm-banks.json');

describe('demo ECM seed', () => {
  const ecmCourses = courses.filter((course) => course.ecmCredits !== null);

  it('gives every ECM course an event and a bank meeting the rules in it-IT and en-US', () => {
    expect(ecmCourses.length).toBeGreaterThan(0);
    for (const course of ecmCourses) {
      const event = ecm.events[course.id];
      expect(event, course.id).toBeDefined();
      for (const locale of ['it-IT', 'en-US']) {
        const fields = bankFields.parse({ questions: banks[course.id]?.[locale] });
        expect(bankProblem(fields, course.ecmCredits ?? 0, event?.mode ?? 'fixed'), `${course.id} ${locale}`).toBeNull();
      }
      expect(banks[course.id]?.['en-US']?.length, course.id).toBe(banks[course.id]?.['it-IT']?.length);
    }
  });

  it('has a course in draw mode with a larger bank, and unique discipline ids', () => {
    expect(Object.values(ecm.events).some((event) => event.mode === 'draw')).toBe(true);
    const disciplines = ecm.professions.flatMap((profession) => profession.disciplines.map((discipline) => discipline.id));
    expect(new Set(disciplines).size).toBe(disciplines.length);
  });
});
