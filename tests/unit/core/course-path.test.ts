import { describe, expect, it } from 'vitest';
import { courseIdOfPath, coursePath, sessionPath } from '../../../core/course-path.ts';

describe('courseIdOfPath', () => {
  it("finds the course of a course's page, coursePath's inverse", () => {
    expect(courseIdOfPath(coursePath('it-IT', 'prevenzione-ica'), 'it-IT')).toBe('prevenzione-ica');
    expect(courseIdOfPath('/it-IT/course/prevenzione-ica/', 'it-IT')).toBe('prevenzione-ica');
    expect(courseIdOfPath('/it-IT/course/corso%20uno', 'it-IT')).toBe('corso uno');
  });

  it("is null for a session's page, an ECM step, another locale's page or another page", () => {
    expect(courseIdOfPath(sessionPath('it-IT', 'triage', { moduleNumber: 1, number: 2 }), 'it-IT')).toBeNull();
    expect(courseIdOfPath('/it-IT/course/ecm/triage', 'it-IT')).toBeNull();
    expect(courseIdOfPath('/en-US/course/triage', 'it-IT')).toBeNull();
    expect(courseIdOfPath('/it-IT/course', 'it-IT')).toBeNull();
    expect(courseIdOfPath('/it-IT/catalogo-corsi', 'it-IT')).toBeNull();
    expect(courseIdOfPath('/it-IT/course/%E0%A4%A', 'it-IT')).toBeNull();
  });
});
