import { describe, expect, it } from 'vitest';
import { resumeItem } from '../../../../core/scorm/resume-item.ts';

const open = (updatedAt: number | null = null) => ({ done: false, updatedAt });
const done = (updatedAt: number | null = null) => ({ done: true, updatedAt });

// A learner coming back to a package of several items was always put on the first.
describe('resumeItem', () => {
  it('opens the first item for a learner who never committed anything', () => {
    expect(resumeItem([open(), open(), open()])).toBe(0);
    expect(resumeItem([])).toBe(0);
  });

  it('opens the item committed to last while it is not done', () => {
    expect(resumeItem([done(100), open(300), open(200)])).toBe(1);
    expect(resumeItem([open(100), open(), open(200)])).toBe(2);
  });

  it('opens the first item not done after the last one visited when that one is done', () => {
    expect(resumeItem([done(100), done(300), done(50), open(), open()])).toBe(3);
  });

  it('goes back to an earlier item not done when none after the last one visited is left', () => {
    expect(resumeItem([done(100), open(), done(300)])).toBe(1);
  });

  it('opens the item visited last when every item is done', () => {
    expect(resumeItem([done(100), done(300), done(200)])).toBe(1);
  });

  it('takes the later item of two committed at the same moment', () => {
    expect(resumeItem([open(100), open(100)])).toBe(1);
  });
});
