/**
 * Credits as the registry writes them: one decimal, a full stop, at most 50.0 ("8.0", "12.5").
 * Stored in tenths so the figure is exact.
 */
export const MAX_CREDIT_TENTHS = 500;
export const CREDITS_PATTERN = /^[0-9]{1,2}\.[0-9]$/;

export function creditsText(tenths: number): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** Tenths of a credits figure in the registry's pattern; null when it does not match or exceeds 50.0. */
export function creditTenths(text: string): number | null {
  if (!CREDITS_PATTERN.test(text)) return null;
  const [units = '0', tenth = '0'] = text.split('.');
  const tenths = Number(units) * 10 + Number(tenth);
  return tenths <= MAX_CREDIT_TENTHS ? tenths : null;
}
