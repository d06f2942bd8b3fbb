import { describe, expect, it } from 'vitest';
import { courseIdOfPath, coursePath, sessionOfPath, sessionPath } from '../../../core/course-path.ts';

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

describe('sessionOfPath', () => {
  it("finds the session of a session's page, sessionPath's inverse", () => {
    expect(sessionOfPath(sessionPath('it-IT', 'triage', { moduleNumber: 2, number: 13 }), 'it-IT')).toEqual({
      courseId: 'triage',
      moduleNumber: 2,
      number: 13,
    });
    expect(sessionOfPath('/it-IT/course/session/corso%20uno/1/1/', 'it-IT')).toEqual({ courseId: 'corso uno', moduleNumber: 1, number: 1 });
  });

  it("is null for a course's page, another locale's session, a number the route refuses or a longer address", () => {
    expect(sessionOfPath(coursePath('it-IT', 'triage'), 'it-IT')).toBeNull();
    expect(sessionOfPath('/en-US/course/session/triage/1/1', 'it-IT')).toBeNull();
    for (const tail of ['0/1', '1/0', '1/-1', '1/x', '01/1', '1/1.5', '1', '1/1/2'])
      expect(sessionOfPath(`/it-IT/course/session/triage/${tail}`, 'it-IT'), tail).toBeNull();
    expect(sessionOfPath('/it-IT/course/session/%E0%A4%A/1/1', 'it-IT')).toBeNull();
  });
});
