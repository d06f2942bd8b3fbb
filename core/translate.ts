export type Strings = Record<string, string>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A lookup over interface strings. A missing key shows the key, so a gap is visible, never
 * blank; a placeholder without a value stays as it is, for the browser to fill in.
 */
export function translator(strings: Strings): Translate {
  return (key, values = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name])));
}
