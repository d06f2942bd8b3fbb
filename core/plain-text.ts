/**
 * Which characters a person's text may hold, and what each output format can carry. Kept free of
 * zod: the profile form's script checks with it too (`src/lib/user-form.ts`).
 *
 * Refused wherever a person's text enters (names, e-mail, phone, support requests, CMS texts):
 * control characters (C0, DEL, C1), which break the formats we write (one made a course's
 * registry XML invalid), and invisible or direction-changing format characters, which disguise
 * text (U+202E shows "Rossi" for "issoR") or hide inside it. A multi-line text may keep line
 * breaks and tabs.
 */
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const LINE_BREAKS = '\\u0009\\u000A\\u000D';
/**
 * Soft hyphen, combining grapheme joiner, Arabic letter mark, Hangul fillers, Mongolian vowel
 * separator, zero-width space and direction marks, line and paragraph separators, embeddings and
 * overrides, word joiner and invisible operators, isolates and the deprecated shaping controls,
 * Braille blank, byte-order mark, interlinear annotation controls, and the noncharacters U+FFFE and
 * U+FFFF.
 */
const FORMAT =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB\\uFFFE\\uFFFF';
/**
 * Zero-width non-joiner and joiner, and the tag characters (U+E0000-U+E007F): invisible in a name,
 * but a text needs them (Persian and Indic spelling, emoji such as 👩‍⚕️ and flags), so only a
 * one-line field refuses them.
 */
const JOINERS = '\\u200C\\u200D';
const TAG = '\\uDB40[\\uDC00-\\uDC7F]';
/** A surrogate half without its other half: not a character at all (JSON can carry one as \uD800). */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

const REFUSED_IN_LINE = new RegExp(`[${CONTROL}${LINE_BREAKS}${FORMAT}${JOINERS}]|${TAG}|${LONE_SURROGATE}`);
const REFUSED_IN_TEXT = new RegExp(`[${CONTROL}${FORMAT}]|${LONE_SURROGATE}`);

export interface PlainTextOptions {
  /** A text area (a message, a page's paragraph): line breaks (\n, \r) and tabs are kept. */
  multiline?: boolean;
}

/** The first character a person's text may not hold, as `U+202E`; null when the text is clean. */
export function hiddenCharacter(text: string, { multiline = false }: PlainTextOptions = {}): string | null {
  const found = (multiline ? REFUSED_IN_TEXT : REFUSED_IN_LINE).exec(text)?.[0];
  return found === undefined ? null : `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The reason a contract gives a refused character (`params.reason`), so that messages can be localized. */
export const HIDDEN_CHARACTER = 'hidden-character';

/**
 * Stored text as XML 1.0 may carry it: without the control characters it forbids (all of C0 but
 * tab, line feed and carriage return), U+FFFE, U+FFFF and lone surrogates. Text stored before the
 * rule above, or written by other means, may hold them: a report must stay well-formed anyway.
 */
export function xmlText(text: string): string {
  return text.replace(new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|${LONE_SURROGATE}`, 'g'), '');
}

/**
 * Stored text for one line of a printed document (a certificate): control and invisible format
 * characters dropped, line breaks and tabs made spaces.
 */
export function printableLine(text: string): string {
  return text.replace(/[\t\n\r]+/g, ' ').replace(new RegExp(`[${CONTROL}${FORMAT}${JOINERS}]|${TAG}|${LONE_SURROGATE}`, 'g'), '');
}

/**
 * Pasted text as a multi-line text may hold it: the control and invisible format characters
 * (Word and Google Docs leave soft hyphens, zero-width spaces and direction marks) dropped.
 */
export function visibleText(text: string): string {
  return text.replace(new RegExp(`[${CONTROL}${FORMAT}]|${LONE_SURROGATE}`, 'g'), '');
}

/**
 * A CSV cell, quoted (RFC 4180): control characters other than tab and line breaks dropped (the
 * quotes carry those), and a cell that starts as a formula (=, +, -, @, tab, carriage return)
 * defused with a leading apostrophe, so a spreadsheet shows it instead of running it.
 */
export function csvCell(value: string): string {
  const clean = value.replace(new RegExp(`[${CONTROL}]|${LONE_SURROGATE}`, 'g'), '');
  const safe = /^[=+\-@\t\r]/.test(clean) ? `'${clean}` : clean;
  return `"${safe.replaceAll('"', '""')}"`;
}
