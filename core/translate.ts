export type Strings = Record<string, string>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A lookup over interface strings. A missing key shows the key, so a gap is visible, never
 * blank; a placeholder without a value stays as it is, for the browser to fill in. Given the
 * page's `locale`, a number with a fraction is written as that locale writes it ("10,5 crediti");
 * whole numbers stay as they are (years, ids and counts read the same everywhere).
 */
export function translator(strings: Strings, locale?: string): Translate {
  const decimal = locale ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }) : null;
  const written = (value: string | number) => (typeof value === 'number' && decimal && !Number.isInteger(value) ? decimal.format(value) : String(value));
  return (key, values = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = values[name];
      return value === undefined ? placeholder : written(value);
    });
}
