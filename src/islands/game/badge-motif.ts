/** The drawings our badges are made of (islands/game/BadgeArt.tsx). */
export const BADGE_MOTIFS = ['target', 'book', 'star', 'cap', 'trophy', 'flame', 'clock'] as const;
export type BadgeMotif = (typeof BADGE_MOTIFS)[number];

// Badges stored before the art existed name their picture with an emoji: each keeps its meaning.
const FROM_EMOJI: Record<string, BadgeMotif> = { '🎯': 'target', '📘': 'book', '🏅': 'star', '🎓': 'cap', '🏆': 'trophy', '🔥': 'flame', '⏱': 'clock' };

/** The drawing for a badge's icon field: a motif's name, or an emoji from older data; a star otherwise. */
export function badgeMotif(icon: string): BadgeMotif {
  const name = icon.trim().toLowerCase();
  if ((BADGE_MOTIFS as readonly string[]).includes(name)) return name as BadgeMotif;
  // Variation selectors (U+FE0F) follow some emoji, as in '⏱️'.
  return FROM_EMOJI[icon.replace(/\uFE0F/g, '').trim()] ?? 'star';
}
