import { describe, expect, it } from 'vitest';
import { posterSize, posterTime } from '../../../../src/lib/video-poster.ts';

describe("a video's poster, taken from the file", () => {
  it('is taken a second in, or a tenth into a shorter video, and at the start when the length is unknown', () => {
    expect(posterTime(48)).toBe(1);
    expect(posterTime(5)).toBe(0.5);
    expect(posterTime(0)).toBe(0);
    expect(posterTime(Number.NaN)).toBe(0);
    expect(posterTime(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("keeps the video's size up to 1280 px wide, and its proportions above", () => {
    expect(posterSize(640, 360)).toEqual({ width: 640, height: 360 });
    expect(posterSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(posterSize(3840, 1634)).toEqual({ width: 1280, height: 545 });
  });
});
