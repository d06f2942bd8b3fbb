/**
 * A credits figure in Italian words, as certificates write it beside the figure ("8" -> "otto",
 * "10.5" -> "dieci virgola cinque"). Credits go from 0 to 50 with one decimal at most.
 */
const UNITS = ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove'];
const TEENS = ['dieci', 'undici', 'dodici', 'tredici', 'quattordici', 'quindici', 'sedici', 'diciassette', 'diciotto', 'diciannove'];
const TENS = ['', '', 'venti', 'trenta', 'quaranta', 'cinquanta'];

function integerWords(n: number): string {
  if (n < 10) return UNITS[n] ?? '';
  if (n < 20) return TEENS[n - 10] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  const unit = n % 10;
  if (unit === 0) return tens;
  // "ventuno", "trentotto": the tens lose their vowel before uno and otto; "ventitré" takes the accent.
  const stem = unit === 1 || unit === 8 ? tens.slice(0, -1) : tens;
  return stem + (unit === 3 ? 'tré' : (UNITS[unit] ?? ''));
}

export function creditsInItalianWords(tenths: number): string {
  const whole = integerWords(Math.floor(tenths / 10));
  const decimal = tenths % 10;
  return decimal ? `${whole} virgola ${UNITS[decimal] ?? ''}` : whole;
}
