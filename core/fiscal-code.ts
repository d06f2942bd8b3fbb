/**
 * The codice fiscale: its shape, its check character, and whether it can be the code of a person
 * with given names and gender (Decreto ministeriale 23 dicembre 1976). Every place that writes one
 * (the learner's ECM profile and one-time question, staff's new person, their edit, the CSV import)
 * checks it here; the browser runs the same rules before posting.
 */

/** The shape of a codice fiscale, upper case; omocodia replaces digits with the letters LMNPQRSTUV. */
export const FISCAL_CODE_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** What the characters in odd places (1st, 3rd, …) are worth toward the check character, A/0 to Z. */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const OMOCODIA = 'LMNPQRSTUV';

/** A digit or a letter as 0-25: digits count as A-J do. */
const worth = (character: string) => (/[0-9]/.test(character) ? Number(character) : character.charCodeAt(0) - 65);

/** The check character of the first fifteen characters. */
export function checkCharacter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const value = worth(first15[i] ?? '0');
    sum += i % 2 === 0 ? (ODD[value] ?? 0) : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The day of birth as written (1-31 for men, 41-71 for women), omocodia letters read back as digits. */
function dayField(code: string): number {
  return Number(
    code
      .slice(9, 11)
      .split('')
      .map((character) => (OMOCODIA.includes(character) ? String(OMOCODIA.indexOf(character)) : character))
      .join(''),
  );
}

/** A codice fiscale's shape (any case): 16 characters, letters and digits in their places. */
export const hasFiscalCodeShape = (typed: string): boolean => FISCAL_CODE_SHAPE.test(typed.toUpperCase());

/** A codice fiscale (any case) of the right shape, a possible day of birth and the right check character. */
export function isValidFiscalCode(typed: string): boolean {
  const code = typed.toUpperCase();
  if (!FISCAL_CODE_SHAPE.test(code)) return false;
  const day = dayField(code);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return checkCharacter(code.slice(0, 15)) === code[15];
}

/** A name's letters A-Z: accents dropped (Nicolò, Müller), apostrophes, spaces, hyphens and digits left out. */
const lettersOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

const split = (name: string) => {
  const letters = lettersOf(name);
  return { consonants: letters.replace(/[AEIOU]/g, ''), vowels: letters.replace(/[^AEIOU]/g, '') };
};

/** The three letters of a surname: its consonants, then its vowels, then X. Empty for a name with no Latin letter. */
export function surnameLetters(lastName: string): string {
  const { consonants, vowels } = split(lastName);
  return consonants || vowels ? `${consonants}${vowels}XXX`.slice(0, 3) : '';
}

/** The three letters of the first names: the 1st, 3rd and 4th consonant when there are four or more, else as a surname's. */
export function firstNameLetters(firstName: string): string {
  const { consonants } = split(firstName);
  return consonants.length >= 4 ? `${consonants[0]}${consonants[2]}${consonants[3]}` : surnameLetters(firstName);
}

/** What of a person's details a valid codice fiscale contradicts. */
export type FiscalCodeMismatch = 'lastName' | 'firstName' | 'gender';

/**
 * Whether a valid codice fiscale can be this person's: its surname and name letters against the
 * account's names (when they have Latin letters), its day of birth (women +40) against the gender
 * when the person gave 'f' or 'm'. The first contradiction, or null.
 */
export function fiscalCodeMismatch(
  typed: string,
  person: { firstName: string; lastName: string; gender?: string | null | undefined },
): FiscalCodeMismatch | null {
  const code = typed.toUpperCase();
  const surname = surnameLetters(person.lastName);
  if (surname && code.slice(0, 3) !== surname) return 'lastName';
  const name = firstNameLetters(person.firstName);
  if (name && code.slice(3, 6) !== name) return 'firstName';
  if (person.gender === 'f' || person.gender === 'm') {
    const female = dayField(code) > 40;
    if (female !== (person.gender === 'f')) return 'gender';
  }
  return null;
}
