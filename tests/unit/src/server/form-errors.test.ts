import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../../src/server/form-errors.ts';
import { passwordChangeRequest } from '../../../../core/contracts/password.ts';
import { supportRequestBody } from '../../../../core/contracts/support.ts';
import { userUpdateRequest } from '../../../../core/contracts/user.ts';

const form = z.object({
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().min(2).max(120),
  email: z.string().trim().pipe(z.email()),
  phone: z.string().regex(/^\+?[0-9]{6,15}$/),
  fields: z.object({ gender: z.enum(['maschile', 'femminile', 'neutro']) }),
});

describe('server-side form messages', () => {
  it("names each field's first problem with an interface string and its values", () => {
    const result = form.safeParse({ code: '  ', name: 'A', email: 'anna@', phone: '12a', fields: { gender: 'x' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      code: { key: 'validation.required' },
      name: { key: 'validation.minLength', values: { min: 2 } },
      email: { key: 'validation.email' },
      phone: { key: 'validation.format' },
      gender: { key: 'validation.format' },
    });
  });

  it('says required for a field left empty, whatever minimum the schema sets', () => {
    const values = { code: 'anna', name: ' ', email: '', phone: '+39061234567', fields: { gender: 'neutro' } };
    const result = form.safeParse(values);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error, values)).toEqual({ name: { key: 'validation.required' }, email: { key: 'validation.required' } });
  });

  it('says too long with the limit, and required for a field the form did not send', () => {
    const result = form.safeParse({ code: 'x'.repeat(65), name: 'Anna', email: 'anna@example.it', phone: '+39061234567' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ code: { key: 'validation.maxLength', values: { max: 64 } }, fields: { key: 'validation.required' } });
  });

  it('says which fields hold a control or invisible character, on the user-data and support forms', () => {
    const user = userUpdateRequest.safeParse({
      firstName: 'Mar\u0007co',
      lastName: '\u202Eissor',
      email: '',
      phone: '',
      locale: 'it-IT',
      fields: { gender: 'maschile' },
    });
    expect(user.success).toBe(false);
    if (user.success) return;
    expect(fieldErrors(user.error)).toEqual({ firstName: { key: 'validation.characters' }, lastName: { key: 'validation.characters' } });
    const support = supportRequestBody.safeParse({ name: 'Anna Verdi', email: 'anna@example.it', message: 'Non parte.\u200B Grazie.', altcha: 'x' });
    expect(support.success).toBe(false);
    if (support.success) return;
    expect(fieldErrors(support.error)).toEqual({ message: { key: 'validation.characters' } });
  });

  it('says the new password must differ when it is the current one, on the password form', () => {
    const same = passwordChangeRequest.safeParse({ current: 'la frase del turno di notte', password: 'la frase del turno di notte' });
    expect(same.success).toBe(false);
    if (same.success) return;
    expect(fieldErrors(same.error)).toEqual({ password: { key: 'validation.samePassword' } });
    expect(passwordChangeRequest.safeParse({ current: 'la frase del turno di notte', password: 'la frase del turno di giorno' }).success).toBe(true);
  });
});
