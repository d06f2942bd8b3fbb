import type { ReactElement } from 'react';
import { badgeMotif, type BadgeMotif } from './badge-motif.ts';
import './game.css';

const MOTIFS: Record<BadgeMotif, ReactElement> = {
  target: (
    <>
      <circle cx="24" cy="22" r="8" />
      <circle cx="24" cy="22" r="4" />
      <circle cx="24" cy="22" r="1" />
    </>
  ),
  book: <path d="M16 15h5a3 3 0 0 1 3 3v11a2.5 2.5 0 0 0-2.5-2.5H16zM32 15h-5a3 3 0 0 0-3 3v11a2.5 2.5 0 0 1 2.5-2.5H32z" />,
  star: <path d="M24 13l2.6 6 6.4.5-4.9 4.1 1.5 6.4-5.6-3.4-5.6 3.4 1.5-6.4-4.9-4.1 6.4-.5z" />,
  cap: <path d="M14 20l10-5 10 5-10 5zM18 22.5v4.5c0 1.5 3 3 6 3s6-1.5 6-3v-4.5M34 20v6" />,
  trophy: <path d="M18 14h12v5a6 6 0 0 1-12 0zM18 16h-3a3.5 3.5 0 0 0 3.5 5M30 16h3a3.5 3.5 0 0 1-3.5 5M24 25v4M19 31h10" />,
  flame: <path d="M24 13c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4.5 2-7 2 1 3 3 3 4.5 1.5-2 1.5-5.5 1-8.5z" />,
  clock: (
    <>
      <circle cx="24" cy="22" r="8" />
      <path d="M24 17v5l3.5 2" />
    </>
  ),
};

interface Props {
  icon: string;
  earned: boolean;
  size?: number;
}

/**
 * A badge drawn by us, never an emoji (those show as empty boxes where no emoji font is installed).
 * Earned: a filled medal on ribbons. Locked: a dashed outline with a padlock. Shape tells them
 * apart, not colour. Decoration only: the card's text says the badge's name and state.
 */
export default function BadgeArt({ icon, earned, size = 48 }: Props) {
  const ink = earned ? '#ffffff' : '#4a5b6c';
  return (
    <svg
      className={`badge-art ${earned ? 'is-earned' : 'is-locked'}`}
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      data-motif={badgeMotif(icon)}
    >
      {earned && <path d="M17 33l-4 13 6-3 3 5 3-12zM31 33l4 13-6-3-3 5-3-12z" fill="#c25e00" />}
      <circle
        cx="24"
        cy="22"
        r="17"
        fill={earned ? '#0b5cad' : '#ffffff'}
        stroke={earned ? '#084684' : '#4a5b6c'}
        strokeWidth="2"
        strokeDasharray={earned ? undefined : '4 3'}
      />
      <g fill="none" stroke={ink} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {MOTIFS[badgeMotif(icon)]}
      </g>
      {!earned && (
        <g>
          <path d="M34.5 36v-2.5a3.5 3.5 0 0 1 7 0V36" fill="none" stroke="#1b2733" strokeWidth="2" />
          <rect x="32" y="36" width="12" height="9" rx="2" fill="#1b2733" />
        </g>
      )}
    </svg>
  );
}
