import { describe, expect, it } from 'vitest';
import { badgeMotif } from '../../../../../src/islands/game/badge-motif.ts';

describe('badge art', () => {
  it('draws each demo badge with its own motif, from older emoji data too', () => {
    expect(['🎯', '📘', '🏅', '🎓', '🏆', '🔥', '⏱️'].map(badgeMotif)).toEqual(['target', 'book', 'star', 'cap', 'trophy', 'flame', 'clock']);
  });

  it('accepts a motif by name and falls back to a star for anything else', () => {
    expect(badgeMotif('Trophy')).toBe('trophy');
    expect(badgeMotif('🦄')).toBe('star');
    expect(badgeMotif('')).toBe('star');
  });
});
