import { describe, expect, it } from 'vitest';
import { itemKey } from '../../../../core/scorm/manifest.ts';
import { cmiFacts, itemDone, packageDone, reportsNothing, restoredCmi, seconds12, seconds2004, withManifestData } from '../../../../core/scorm/runtime.ts';

describe('SCORM runtime data', () => {
  it('reads times in both versions', () => {
    expect(seconds12('0001:02:03.50')).toBe(3723.5);
    expect(seconds12('nonsense')).toBe(0);
    expect(seconds2004('PT1H2M3S')).toBe(3723);
    expect(seconds2004('P1DT1M')).toBe(86_460);
  });

  it('reads status, score, location and suspend data of a 1.2 commit, scaling the score by its range', () => {
    const facts = cmiFacts('1.2', {
      core: {
        lesson_status: 'passed',
        score: { raw: '80', min: '0', max: '100' },
        lesson_location: 'question',
        session_time: '00:01:30',
        total_time: '00:10:00',
      },
      suspend_data: '{"answer":"b"}',
    });
    expect(facts).toEqual({
      completion: 'passed',
      success: 'passed',
      scoreScaled: 0.8,
      scoreRaw: 80,
      location: 'question',
      suspendData: '{"answer":"b"}',
      sessionSeconds: 90,
      totalSeconds: 600,
    });
  });

  it('reads a 2004 commit', () => {
    const facts = cmiFacts('2004-4', { completion_status: 'completed', success_status: 'failed', score: { scaled: '0.4', raw: '40' }, location: 'result' });
    expect(facts).toMatchObject({ completion: 'completed', success: 'failed', scoreScaled: 0.4, scoreRaw: 40, location: 'result' });
  });

  it('counts a package done when completed or passed, never when failed', () => {
    expect(packageDone({ completion: 'completed', success: 'unknown' })).toBe(true);
    expect(packageDone({ completion: 'passed', success: 'passed' })).toBe(true);
    expect(packageDone({ completion: 'incomplete', success: 'passed' })).toBe(true);
    expect(packageDone({ completion: 'completed', success: 'failed' })).toBe(false);
    expect(packageDone({ completion: 'incomplete', success: 'unknown' })).toBe(false);
  });

  it('counts an item done: 1.2 completed or passed; 2004 completed and not failed', () => {
    expect(itemDone('1.2', { completion: 'passed', success: 'passed' })).toBe(true);
    expect(itemDone('1.2', { completion: 'failed', success: 'failed' })).toBe(false);
    expect(itemDone('2004-4', { completion: 'completed', success: 'unknown' })).toBe(true);
    expect(itemDone('2004-4', { completion: 'completed', success: 'failed' })).toBe(false);
    expect(itemDone('2004-4', { completion: 'incomplete', success: 'passed' })).toBe(false);
  });

  it("keys an item's data by its identifier; a package stored before identifiers keys its first item ''", () => {
    expect(itemKey([{ identifier: 'a', title: 'A', launch: 'a.html' }], 0)).toBe('a');
    const old = [
      { title: 'A', launch: 'a.html' },
      { title: 'B', launch: 'b.html' },
    ];
    expect([itemKey(old, 0), itemKey(old, 1)]).toEqual(['', '1']);
  });

  it('restores a sitting to resume: no session time or exit, the recorded total, entry resume', () => {
    const restored = restoredCmi('1.2', { core: { lesson_location: 'question', session_time: '00:05:00', exit: 'suspend' }, suspend_data: 'x' }, 125);
    expect(restored).toEqual({ core: { lesson_location: 'question', total_time: '0000:02:05', entry: 'resume' }, suspend_data: 'x' });
    expect(restoredCmi('2004-3', { session_time: 'PT5M' }, 0)).toEqual({ total_time: 'PT0S', entry: 'ab-initio' });
  });

  it("hands an item what its manifest says: objectives the learner's data lacks, passing score, mastery score, launch data", () => {
    const runtime = { objectives: ['PRIMARYOBJ', 'obj_playing'], scaledPassingScore: '0.8', launchData: 'lang=it' };
    expect(withManifestData('2004-3', {}, runtime)).toEqual({
      launch_data: 'lang=it',
      scaled_passing_score: '0.8',
      objectives: { '0': { id: 'PRIMARYOBJ' }, '1': { id: 'obj_playing' } },
    });
    // Resumed: the objectives committed keep their place and data, the missing one follows.
    const held = { location: '3', objectives: { '0': { id: 'obj_playing', progress_measure: '0.2' } } };
    expect(withManifestData('2004-3', held, runtime).objectives).toEqual({ '0': { id: 'obj_playing', progress_measure: '0.2' }, '1': { id: 'PRIMARYOBJ' } });
    expect(withManifestData('1.2', { core: { lesson_location: '2' } }, { masteryScore: '80' })).toEqual({
      core: { lesson_location: '2' },
      student_data: { mastery_score: '80' },
    });
    expect(withManifestData('1.2', { core: {} }, undefined)).toEqual({ core: {} });
  });

  it('tells a 2004 attempt that reported nothing from one that tracks itself, which the LMS never completes for it', () => {
    expect(reportsNothing({ completion_status: 'unknown', success_status: 'unknown', score: {}, location: '', suspend_data: '' })).toBe(true);
    expect(reportsNothing({})).toBe(true);
    expect(reportsNothing({ completion_status: 'incomplete' })).toBe(false);
    expect(reportsNothing({ completion_status: 'unknown', location: 'question' })).toBe(false);
    expect(reportsNothing({ score: { scaled: '0' } })).toBe(false);
  });
});
