import { describe, expect, it } from 'vitest';
import { personState, resumesAs, type StoredAccountState } from '../../../core/person-state.ts';

const account = (status: StoredAccountState['status'], registrationPending = false, suspendedFrom: StoredAccountState['suspendedFrom'] = null) => ({
  status,
  registrationPending,
  suspendedFrom,
});

describe('personState', () => {
  it('tells a registration waiting for its confirmation from an active account', () => {
    expect(personState(account('active'))).toBe('active');
    expect(personState(account('active', true))).toBe('pending');
    expect(personState(account('invited'))).toBe('invited');
    expect(personState(account('deleted', true))).toBe('deleted');
  });

  it('shows a suspended account as suspended, remembering what reactivation returns it to', () => {
    expect(personState(account('suspended', false, 'invited'))).toBe('suspended');
    expect(resumesAs(account('suspended', false, 'invited'))).toBe('invited');
    expect(resumesAs(account('suspended', true, 'active'))).toBe('pending');
    expect(resumesAs(account('suspended', false, 'active'))).toBe('active');
    // Suspended before what it left was remembered: it returns to active, as it always did.
    expect(resumesAs(account('suspended'))).toBe('active');
    expect(resumesAs(account('active'))).toBeNull();
    expect(resumesAs(account('invited'))).toBeNull();
  });
});
