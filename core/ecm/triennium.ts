import { romeDayHour } from '../rome-time.ts';

/** ECM credits are counted per triennium; 2026-2028 is the current one, 150 credits required. */
export const FIRST_TRIENNIUM_START = 2026;
export const CREDITS_PER_TRIENNIUM = 150;

export interface Triennium {
  from: number;
  to: number;
  required: number;
}

/** The triennium an instant falls in (Europe/Rome calendar year), counted from 2026-2028. */
export function trienniumOf(epochMs: number): Triennium {
  const year = Number(romeDayHour(epochMs).day.slice(0, 4));
  const from = FIRST_TRIENNIUM_START + Math.floor((year - FIRST_TRIENNIUM_START) / 3) * 3;
  return { from, to: from + 2, required: CREDITS_PER_TRIENNIUM };
}

/** Credits of the certificates whose completion falls in the triennium. */
export function creditsIn(triennium: Triennium, certificates: { credits: number; completedAt: number }[]): number {
  const total = certificates
    .filter((certificate) => {
      const year = Number(romeDayHour(certificate.completedAt).day.slice(0, 4));
      return year >= triennium.from && year <= triennium.to;
    })
    .reduce((sum, certificate) => sum + certificate.credits, 0);
  // Credits carry one decimal at most: keep sums like 10.5 + 7.5 exact to the eye.
  return Math.round(total * 10) / 10;
}
