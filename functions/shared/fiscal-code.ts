import library from 'codice-fiscale-js';

// The package's CommonJS build exports `{ CodiceFiscale }` while its types describe a default class.
const CodiceFiscale = (library as unknown as { CodiceFiscale?: typeof library }).CodiceFiscale ?? library;

/** A codice fiscale with a correct check character (omocodia variants included), upper case. */
export function isValidFiscalCode(code: string): boolean {
  return CodiceFiscale.check(code.toUpperCase());
}
