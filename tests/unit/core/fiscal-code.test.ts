import library from 'codice-fiscale-js';
import { describe, expect, it } from 'vitest';
import { checkCharacter, firstNameLetters, fiscalCodeMismatch, hasFiscalCodeShape, isValidFiscalCode, surnameLetters } from '../../../core/fiscal-code.ts';

// An independent implementation to hold ours against (its CommonJS build exports `{ CodiceFiscale }`).
const CodiceFiscale = (library as unknown as { CodiceFiscale?: typeof library }).CodiceFiscale ?? library;

const GIULIA = 'BNCGLI88C52F205X';

describe('the codice fiscale', () => {
  it('is valid with its check character, in any case, and in every omocodia variant', () => {
    expect(isValidFiscalCode(GIULIA)).toBe(true);
    expect(isValidFiscalCode(GIULIA.toLowerCase())).toBe(true);
    const variants = CodiceFiscale.getOmocodie(GIULIA);
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants) expect(isValidFiscalCode(variant), variant).toBe(true);
  });

  it('is refused with a wrong check character, a wrong shape or a day no one is born on', () => {
    expect(isValidFiscalCode('BNCGLI88C52F205Y')).toBe(false);
    expect(isValidFiscalCode('BNCGLI88C52F205')).toBe(false);
    expect(isValidFiscalCode('BNCGLI88Z52F205X')).toBe(false);
    expect(isValidFiscalCode('')).toBe(false);
    // Day 35: neither a man's (1-31) nor a woman's (41-71); its check character made right.
    const day35 = `BNCGLI88C35F205`;
    expect(isValidFiscalCode(day35 + checkCharacter(day35))).toBe(false);
  });

  it('computes the check character as the reference implementation does', () => {
    for (const code of [
      GIULIA,
      'DNNNCL80A01H501U',
      'FRRNNA85M41F205Z',
      'MLLGRT90D45Z112K',
      'RSSMRA80A01H501U',
      ...CodiceFiscale.getOmocodie('RSSMRA80A01H501U'),
    ]) {
      expect(checkCharacter(code.slice(0, 15)), code).toBe(CodiceFiscale.getCheckCode(code.slice(0, 15)));
      expect(isValidFiscalCode(code), code).toBe(CodiceFiscale.check(code));
    }
  });

  it('takes a surname’s and a name’s three letters by the rules (consonants, vowels, X; a name’s 1st, 3rd and 4th of four consonants)', () => {
    const names = ['Rossi', 'Bianchi', 'Fo', 'Ng', 'Giuseppe', 'Maria Grazia', 'Anna', 'Luca', 'Alessandro', 'Ia', 'Esposito', 'De Luca', 'Francesca'];
    for (const name of names) {
      expect(surnameLetters(name), name).toBe(CodiceFiscale.surnameCode(name));
      expect(firstNameLetters(name), name).toBe(CodiceFiscale.nameCode(name));
    }
    expect(surnameLetters("D'Annunzio")).toBe('DNN');
    expect(surnameLetters('Müller-Lüdenscheidt')).toBe('MLL');
    expect(firstNameLetters('Nicolò')).toBe('NCL');
    expect(firstNameLetters('Giulia12')).toBe('GLI');
    expect(firstNameLetters('Giuseppe')).toBe('GPP');
    expect(surnameLetters('Fo')).toBe('FOX');
    expect(surnameLetters('李')).toBe('');
  });

  it('is consistent with the names and the gender, in any omocodia variant', () => {
    const giulia = { firstName: 'Giulia', lastName: 'Bianchi' };
    expect(fiscalCodeMismatch(GIULIA, giulia)).toBeNull();
    expect(fiscalCodeMismatch(GIULIA.toLowerCase(), { ...giulia, gender: 'f' })).toBeNull();
    for (const variant of CodiceFiscale.getOmocodie(GIULIA)) expect(fiscalCodeMismatch(variant, { ...giulia, gender: 'f' }), variant).toBeNull();
    expect(fiscalCodeMismatch(GIULIA, { ...giulia, gender: 'm' })).toBe('gender');
    expect(fiscalCodeMismatch(GIULIA, { ...giulia, gender: 'n' })).toBeNull();
    expect(fiscalCodeMismatch(GIULIA, { ...giulia, gender: null })).toBeNull();
    expect(fiscalCodeMismatch('RSSMRA80A01H501U', { firstName: 'Mario', lastName: 'Rossi', gender: 'f' })).toBe('gender');
    expect(fiscalCodeMismatch('RSSMRA80A01H501U', { firstName: 'Mario', lastName: 'Rossi', gender: 'm' })).toBeNull();
    expect(fiscalCodeMismatch(GIULIA, { firstName: 'Giulia', lastName: 'Rossi' })).toBe('lastName');
    expect(fiscalCodeMismatch(GIULIA, { firstName: 'Marco', lastName: 'Bianchi' })).toBe('firstName');
    expect(fiscalCodeMismatch('DNNNCL80A01H501U', { firstName: 'Nicolò', lastName: "D'Annunzio", gender: 'm' })).toBeNull();
    expect(fiscalCodeMismatch('MLLGRT90D45Z112K', { firstName: 'Greta', lastName: 'Müller-Lüdenscheidt' })).toBeNull();
    // Names without Latin letters cannot be compared: only what can be is.
    expect(fiscalCodeMismatch(GIULIA, { firstName: '李', lastName: '王' })).toBeNull();
  });
});

describe('hasFiscalCodeShape', () => {
  it('tells a code cut short or mistyped from one whose check character alone is wrong', () => {
    expect(hasFiscalCodeShape('RSSMRA85M01H501')).toBe(false);
    expect(hasFiscalCodeShape('RSSMRA85M01H5O1Q')).toBe(false);
    expect(hasFiscalCodeShape('rssmra85m01h501z')).toBe(true);
    expect(isValidFiscalCode('RSSMRA85M01H501Z')).toBe(false);
  });
});
