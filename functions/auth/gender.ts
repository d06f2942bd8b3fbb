import type { Gender } from '../data/auth/users.ts';

/** The interface offers maschile, femminile, neutro; D1 stores m, f, n. */
export const GENDER_BY_NAME: Record<'maschile' | 'femminile' | 'neutro' | Gender, Gender> = {
  maschile: 'm',
  femminile: 'f',
  neutro: 'n',
  m: 'm',
  f: 'f',
  n: 'n',
};
