import { describe, expect, it } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../../../functions/auth/password.ts';

describe('password hashing', () => {
  it('stays within what production Workers allow for PBKDF2', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('verifies the right password only, and depends on the pepper', async () => {
    const stored = await hashPassword('Studente-Demo-2026!', 'pepper-a', 1000);
    expect(stored.startsWith('pbkdf2-sha256-hmac$1000$')).toBe(true);
    expect(await verifyPassword('Studente-Demo-2026!', stored, 'pepper-a')).toBe(true);
    expect(await verifyPassword('studente-demo-2026!', stored, 'pepper-a')).toBe(false);
    expect(await verifyPassword('Studente-Demo-2026!', stored, 'pepper-b')).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same', 'p', 1000)).not.toBe(await hashPassword('same', 'p', 1000));
  });

  it('refuses malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'md5$abc', 'p')).toBe(false);
    expect(await verifyPassword('x', 'pbkdf2-sha256-hmac$0$AA==$AA==', 'p')).toBe(false);
  });
});
