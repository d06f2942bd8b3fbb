import { describe, expect, it } from 'vitest';
import type { Outline } from '../../../../core/course-outline.ts';
import { outlineDuration, proposeCourseId, parseStructureKey } from '../../../../core/course-outline.ts';
import { addModule, addSession, changeSession, durationFrom, durationParts, moveModule, moveSession, removeSession } from '../../../../src/lib/outline-form.ts';

const outline: Outline = {
  category: 'cat',
  ecmCredits: null,
  withdrawn: false,
  modules: [
    { number: 1, sessions: [{ number: 1, kind: 'text', duration: '0h 10m 0s', media: null, poster: null, captions: {} }] },
    { number: 3, sessions: [] },
  ],
};

describe('outline editing', () => {
  it('never hands out a number a removed module or session had', () => {
    expect(addModule(outline, [1, 2, 3]).number).toBe(4);
    // Session 1.2 existed once and was removed: the next is 1.3.
    expect(addSession(outline, 1, ['1.1', '1.2']).number).toBe(3);
    expect(addSession(outline, 3, []).number).toBe(1);
  });

  it('moves modules and sessions by one place, keyboard style', () => {
    expect(moveModule(outline, 1, -1).modules.map((m) => m.number)).toEqual([3, 1]);
    const two = addSession(outline, 1, ['1.1']).outline;
    expect(moveSession(two, 1, 0, 1).modules[0]?.sessions.map((s) => s.number)).toEqual([2, 1]);
    expect(moveSession(two, 1, 1, 1).modules[0]?.sessions.map((s) => s.number)).toEqual([1, 2]);
  });

  it('drops media a kind does not use and removes a session', () => {
    const video = changeSession(outline, 1, 1, { kind: 'video', media: '/media/a.mp4', poster: '/media/a.jpg', captions: { 'it-IT': '/media/a.vtt' } });
    expect(changeSession(video, 1, 1, { kind: 'text' }).modules[0]?.sessions[0]).toMatchObject({ media: null, poster: null, captions: {} });
    expect(changeSession(video, 1, 1, { kind: 'document' }).modules[0]?.sessions[0]).toMatchObject({ media: '/media/a.mp4', poster: null });
    expect(removeSession(outline, 1, 1).modules[0]?.sessions).toEqual([]);
  });

  it('sums the declared duration and keeps duration parts in range', () => {
    const two = changeSession(addSession(outline, 3, []).outline, 3, 1, { duration: '1h 55m 30s' });
    expect(outlineDuration(two)).toBe('2h 5m 30s');
    expect(durationParts('1h 2m 3s')).toEqual([1, 2, 3]);
    expect(durationFrom([1, 75, -3])).toBe('1h 59m 0s');
  });

  it('proposes an address from a title and reads structure keys', () => {
    expect(proposeCourseId('Igiene delle mani: è più facile!')).toBe('igiene-delle-mani-e-piu-facile');
    expect(parseStructureKey('igiene.2.10')).toEqual({ courseId: 'igiene', module: 2, session: 10 });
    expect(parseStructureKey('igiene.0')).toBeNull();
  });
});
