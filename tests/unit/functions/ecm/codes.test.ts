import { describe, expect, it } from 'vitest';
import { checkCertificateCode, newCertificateCode } from '../../../../functions/ecm/certificate-code.ts';

describe('certificate codes', () => {
  it('issues unguessable, signed codes and refuses forged ones without a lookup', async () => {
    const secret = 'unit-test-session-secret-0123456789abcdef';
    const code = await newCertificateCode(secret);
    expect(code).toMatch(/^[A-Z2-7]{34}$/);
    expect(await newCertificateCode(secret)).not.toBe(code);
    expect(await checkCertificateCode(secret, code.toLowerCase())).toBe(code);
    expect(await checkCertificateCode(secret, `${code.slice(0, 33)}${code.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await checkCertificateCode(`${secret}-other`, code)).toBeNull();
    expect(await checkCertificateCode(secret, 'not-a-code')).toBeNull();
  });
});
