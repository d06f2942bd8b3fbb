/** The `{name}` placeholders of an interface string, which the interface fills in at run time. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort();
}

/** The placeholders a new text lost or gained against the live one: an edit must keep them all. */
export function placeholderMismatch(live: string, draft: string): { missing: string[]; unknown: string[] } {
  const before = placeholders(live);
  const after = placeholders(draft);
  return { missing: before.filter((name) => !after.includes(name)), unknown: after.filter((name) => !before.includes(name)) };
}
