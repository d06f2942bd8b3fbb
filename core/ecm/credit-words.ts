/**
 * A credits figure in words, as certificates write it beside the figure, in the certificate's
 * language ("10.5": "dieci virgola cinque", "ten point five", "zehn Komma fünf"). Credits go from
 * 0 to 50 with one decimal at most, stored in tenths.
 */
interface NumberWords {
  integer(n: number): string;
  digit(n: number): string;
  point: string;
}

const IT_UNITS = ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove'];
const IT_TEENS = ['dieci', 'undici', 'dodici', 'tredici', 'quattordici', 'quindici', 'sedici', 'diciassette', 'diciotto', 'diciannove'];
const IT_TENS = ['', '', 'venti', 'trenta', 'quaranta', 'cinquanta'];

const italian: NumberWords = {
  integer(n) {
    if (n < 10) return IT_UNITS[n] ?? '';
    if (n < 20) return IT_TEENS[n - 10] ?? '';
    const tens = IT_TENS[Math.floor(n / 10)] ?? '';
    const unit = n % 10;
    if (unit === 0) return tens;
    // "ventuno", "trentotto": the tens lose their vowel before uno and otto; "ventitré" takes the accent.
    const stem = unit === 1 || unit === 8 ? tens.slice(0, -1) : tens;
    return stem + (unit === 3 ? 'tré' : (IT_UNITS[unit] ?? ''));
  },
  digit: (n) => IT_UNITS[n] ?? '',
  point: 'virgola',
};

const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const EN_TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty'];

const english: NumberWords = {
  integer(n) {
    if (n < 10) return EN_UNITS[n] ?? '';
    if (n < 20) return EN_TEENS[n - 10] ?? '';
    const tens = EN_TENS[Math.floor(n / 10)] ?? '';
    const unit = n % 10;
    return unit === 0 ? tens : `${tens}-${EN_UNITS[unit] ?? ''}`;
  },
  digit: (n) => EN_UNITS[n] ?? '',
  point: 'point',
};

const DE_UNITS = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];
const DE_TEENS = ['zehn', 'elf', 'zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn'];
const DE_TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig'];

const german: NumberWords = {
  integer(n) {
    if (n < 10) return DE_UNITS[n] ?? '';
    if (n < 20) return DE_TEENS[n - 10] ?? '';
    const tens = DE_TENS[Math.floor(n / 10)] ?? '';
    const unit = n % 10;
    if (unit === 0) return tens;
    // The unit comes first and joins with "und"; alone it is "eins", before "und" it is "ein".
    return `${unit === 1 ? 'ein' : (DE_UNITS[unit] ?? '')}und${tens}`;
  },
  digit: (n) => DE_UNITS[n] ?? '',
  point: 'Komma',
};

const BY_LANGUAGE = new Map<string, NumberWords>([
  ['it', italian],
  ['en', english],
  ['de', german],
]);

/** The words in the locale's language; a language without its own words gets the Italian the ECM rules are written in. */
export function creditsInWords(tenths: number, locale: string): string {
  const words = BY_LANGUAGE.get(locale.split('-')[0]?.toLowerCase() ?? '') ?? italian;
  const whole = words.integer(Math.floor(tenths / 10));
  const decimal = tenths % 10;
  return decimal ? `${whole} ${words.point} ${words.digit(decimal)}` : whole;
}
