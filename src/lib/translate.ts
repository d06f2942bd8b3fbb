export type Strings = Record<string, string>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A lookup over interface strings; a missing key shows the key, so a gap is visible, never blank. */
export function translator(strings: Strings): Translate {
  return (key, values = {}) => (strings[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
