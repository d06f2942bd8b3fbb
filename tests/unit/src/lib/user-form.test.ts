import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userUpdateRequest } from '../../../../core/contracts/user.ts';
import { toUserUpdate, validateUserForm, type UserForm } from '../../../../src/lib/user-form.ts';
import { PASSWORD_MAX_LENGTH as HASHED_MAX } from '../../../../functions/auth/password.ts';
import { PASSWORD_MAX_LENGTH, loginRequest } from '../../../../core/contracts/user.ts';

const VALID: UserForm = { firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia@example.it', phone: '+390612345678', gender: 'femminile', locale: 'it-IT' };

/** The server's verdict: the contract the API validates PUT /api/auth/user with, on what the form sends. */
const serverAccepts = (form: UserForm) => userUpdateRequest.safeParse(toUserUpdate(form)).success;
const clientAccepts = (form: UserForm) => Object.keys(validateUserForm(form)).length === 0;

describe('the user-data form refuses exactly what the API refuses', () => {
  const cases: [string, Partial<UserForm>, boolean][] = [
    ['first name of 80 characters', { firstName: 'a'.repeat(80) }, true],
    ['first name of 81 characters', { firstName: 'a'.repeat(81) }, false],
    ['last name of 80 characters', { lastName: 'b'.repeat(80) }, true],
    ['last name of 81 characters', { lastName: 'b'.repeat(81) }, false],
    ['first name of spaces only', { firstName: '   ' }, false],
    ['empty last name', { lastName: '' }, false],
    ['80 characters inside spaces', { firstName: `  ${'a'.repeat(80)}  ` }, true],
    ['phone of 6 digits', { phone: '123456' }, true],
    ['phone of 5 digits', { phone: '12345' }, false],
    ['phone of 15 digits', { phone: '123456789012345' }, true],
    ['phone of 16 digits', { phone: '1234567890123456' }, false],
    ['phone of + and 15 digits', { phone: '+123456789012345' }, true],
    ['phone of + and 5 digits', { phone: '+12345' }, false],
    ['phone with letters', { phone: '12ab5678' }, false],
    ['phone with a space inside', { phone: '06 1234567' }, false],
    ['no phone', { phone: '' }, true],
    ['no e-mail', { email: '' }, true],
    ['e-mail without domain', { email: 'giulia@' }, false],
    ['e-mail of 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.it` }, true],
    ['e-mail of 255 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.it` }, false],
    ['locale that is not a locale', { locale: 'italiano' }, false],
    ['e-mail with a one-letter domain ending', { email: 'giulia@example.i' }, false],
    ['e-mail with spaces around', { email: '  giulia@example.it  ' }, true],
    ['e-mail with two dots in a row', { email: 'giulia..b@example.it' }, false],
    ['phone with spaces around', { phone: ' 3331234567 ' }, true],
    ['first name with a right-to-left override', { firstName: '\u202Eissor' }, false],
    ['last name with a bell character', { lastName: 'Bian\u0007chi' }, false],
    ['last name with a zero-width space', { lastName: 'Bian\u200Bchi' }, false],
    ['e-mail with an isolate', { email: 'giulia\u2066@example.it' }, false],
    ['phone with a control character', { phone: '333\u00001234' }, false],
    ['name in another script with accents', { firstName: 'Łukasz', lastName: 'Ἀριστοτέλης' }, true],
  ];

  for (const [what, change, accepted] of cases) {
    it(`${what}: ${accepted ? 'accepted' : 'refused'} by both`, () => {
      const form = { ...VALID, ...change };
      expect(serverAccepts(form)).toBe(accepted);
      expect(clientAccepts(form)).toBe(accepted);
    });
  }

  it('agrees with the API on any text in any field (property)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 90 }),
      fc.stringMatching(/^\+?[0-9 ]{0,18}$/),
      fc.emailAddress(),
      fc.constantFrom('', ' ', '+', '@', 'a@b.it', 'it-IT', 'en-US', 'xx-XX', 'maschile', 'x'.repeat(255), 'Ros\u202Esi', 'a\u0007@b.it', '\u200B3331234567'),
    );
    fc.assert(
      fc.property(fc.constantFrom<keyof UserForm>('firstName', 'lastName', 'email', 'phone', 'locale'), text, (field, value) => {
        const form = { ...VALID, [field]: value };
        expect(clientAccepts(form), `${field} = ${JSON.stringify(value)}`).toBe(serverAccepts(form));
      }),
      { numRuns: 2000 },
    );
  });

  it('says what is wrong with the boilerplate messages', () => {
    expect(validateUserForm({ ...VALID, firstName: '' })).toEqual({ firstName: { key: 'validation.required' } });
    expect(validateUserForm({ ...VALID, lastName: 'b'.repeat(81) })).toEqual({ lastName: { key: 'validation.maxLength', values: { max: 80 } } });
    expect(validateUserForm({ ...VALID, email: 'nope' })).toEqual({ email: { key: 'validation.email' } });
    expect(validateUserForm({ ...VALID, phone: '12ab' })).toEqual({ phone: { key: 'validation.numbers' } });
    expect(validateUserForm({ ...VALID, phone: '12345' })).toEqual({ phone: { key: 'validation.minLength', values: { min: 6 } } });
    expect(validateUserForm({ ...VALID, phone: '1234567890123456' })).toEqual({ phone: { key: 'validation.maxLength', values: { max: 15 } } });
    expect(validateUserForm({ ...VALID, locale: 'xx' })).toEqual({ locale: { key: 'validation.format' } });
    expect(validateUserForm({ ...VALID, firstName: 'Giu\u202Elia' })).toEqual({ firstName: { key: 'validation.characters' } });
    expect(validateUserForm(VALID)).toEqual({});
  });
});

describe('the sign-in contract', () => {
  it('takes passwords as long as the hashing accepts', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(HASHED_MAX);
    expect(loginRequest.safeParse({ cu: 'a', cp: 'x'.repeat(PASSWORD_MAX_LENGTH) }).success).toBe(true);
    expect(loginRequest.safeParse({ cu: 'a', cp: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }).success).toBe(false);
  });
});
