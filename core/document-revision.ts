/**
 * The revision of a CMS document as an editor opens it: a tag of the text the editor starts from
 * (the draft, else the live text, else none). A save that names it in `If-Match` is refused once
 * that text has changed, so two editors of one draft never overwrite each other unseen.
 */

/** JSON with object keys sorted: the same text tags alike whether it came from a draft or from the live tables. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The text's tag: 128 bits of its SHA-256, base64url. */
export async function documentRevision(fields: unknown): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical(fields ?? null))));
  return btoa(String.fromCharCode(...digest.subarray(0, 16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The revisions an `If-Match` header names (`"tag"`, `W/"tag"`, a list of them), or null when it
 * names none or any (`*`): the save then goes ahead as one without a base always has.
 */
export function ifMatchRevisions(header: string | null): string[] | null {
  if (header === null || header.trim() === '*') return null;
  const tags = header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean);
  return tags.length ? tags : null;
}
