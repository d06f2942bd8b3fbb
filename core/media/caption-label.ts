import { languageName } from '../locale.ts';

/**
 * A captions track's label, as the video player lists it in its own captions menu: the track's
 * language as the page's reader names it, capitalised as a menu item ("Inglese" on an Italian page,
 * "Englisch" on a German one). The region is named only when another track has the same language
 * (en-US beside en-GB), where the language alone would not tell them apart.
 */
export function captionLabel(reader: string, code: string, codes: readonly string[]): string {
  const language = code.split('-')[0] ?? code;
  const shared = codes.some((other) => other !== code && other.split('-')[0] === language);
  const name = languageName(reader, shared ? code : language);
  return name.charAt(0).toLocaleUpperCase(reader) + name.slice(1);
}
