import type { Strings } from '../../core/translate.ts';

/**
 * A role's name in the page's language: its interface string (`role.{id}`), else the name the role
 * table stores (a role a site added itself), else its id.
 */
export function roleLabel(strings: Strings, id: string, stored: string | null | undefined): string {
  return strings[`role.${id}`] || stored || id;
}
