import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankFields, bankProblem, type BankQuestion } from '../../../core/ecm/question-bank.ts';
import type { AssessmentMode } from '../../../core/ecm/assessment-rules.ts';

const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../../seed/${path}`, import.meta.url), 'utf8')) as T;
const { courses } = read<{ courses: { id: string; ecmCredits: number | null }[] }>('content/courses.json');
const ecm = read<{ events: Record<string, { mode: AssessmentMode; disciplines: string[] | 'all'; objective: number; tipologia: number }> }>('ecm.json');
const migration = readFileSync(new URL('../../../migrations/0028_ecm_registry_editions.sql', import.meta.url), 'utf8');
const banks = read<Record<string, Record<string, unknown[]>>>('content/ecm-banks.json');

describe('demo ECM seed', () => {
  const ecmCourses = courses.filter((course) => course.ecmCredits !== null);

  it('gives every ECM course an event and a bank meeting the rules in every locale, each the same questions and answers as it-IT', () => {
    expect(ecmCourses.length).toBeGreaterThan(0);
    for (const course of ecmCourses) {
      const event = ecm.events[course.id];
      expect(event, course.id).toBeDefined();
      const original = bankFields.parse({ questions: banks[course.id]?.['it-IT'] }).questions;
      for (const locale of ['it-IT', 'en-US', 'de-DE']) {
        const fields = bankFields.parse({ questions: banks[course.id]?.[locale] });
        expect(bankProblem(fields, course.ecmCredits ?? 0, event?.mode ?? 'fixed'), `${course.id} ${locale}`).toBeNull();
        // A translation keeps each question's id, its correct option's place and the session it comes from.
        const answers = ({ id, correct, session }: BankQuestion) => ({ id, correct, session });
        expect(fields.questions.map(answers), `${course.id} ${locale}`).toEqual(original.map(answers));
      }
    }
  });

  it('has a course in draw mode with a larger bank', () => {
    expect(Object.values(ecm.events).some((event) => event.mode === 'draw')).toBe(true);
  });

  it('accredits each event for registry disciplines, objectives and tipologie the migration loads', () => {
    for (const [id, event] of Object.entries(ecm.events)) {
      for (const code of event.disciplines === 'all' ? [] : event.disciplines) expect(migration, `${id} ${code}`).toContain(`('${code}', '`);
      expect(migration, id).toContain(`(${event.objective}, '`);
      expect(event.tipologia, id).toBeGreaterThanOrEqual(1);
      expect(event.tipologia, id).toBeLessThanOrEqual(11);
    }
  });
});
