import { describe, expect, it } from 'vitest';
import { courseEntry } from '../../../core/course-access.ts';

describe('courseEntry', () => {
  it('lets every learner into an open course, enrolled or not, key or not', () => {
    for (const enrolled of [true, false])
      for (const hasKey of [true, false]) expect(courseEntry({ mode: 'open', hasKey, enrolled })).toEqual({ allowed: true });
  });

  it('lets only the enrolled into a course taken by enrolment, and tells the others how to get in', () => {
    expect(courseEntry({ mode: 'enrolment', hasKey: false, enrolled: true })).toEqual({ allowed: true });
    expect(courseEntry({ mode: 'enrolment', hasKey: true, enrolled: false })).toEqual({ allowed: false, wayIn: 'key' });
    expect(courseEntry({ mode: 'enrolment', hasKey: false, enrolled: false })).toEqual({ allowed: false, wayIn: 'ask' });
  });

  it('lets nobody into a closed course, not even its enrolled learners', () => {
    for (const enrolled of [true, false]) expect(courseEntry({ mode: 'closed', hasKey: true, enrolled })).toEqual({ allowed: false, wayIn: 'closed' });
  });
});
