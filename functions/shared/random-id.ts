/** Random identifiers from the Worker's CSPRNG. */

/** `bytes` random bytes as lower-case hex: attempt, option and questionnaire ids. */
export function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A number in [0, 1) with 32 random bits, for shuffling. */
export function randomUnit(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
}
