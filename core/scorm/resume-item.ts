/** What the learner left of one item (SCO): whether it is done, and when they last committed to it (null: never). */
export interface ItemVisit {
  done: boolean;
  updatedAt: number | null;
}

/**
 * The item a learner comes back to in a package of several: the one they committed to last, where
 * they left off, unless they are done with it, then the first not done after it (else before it);
 * the first item when they never committed anything, and the one visited last when all are done.
 */
export function resumeItem(items: readonly ItemVisit[]): number {
  let last = -1;
  for (const [index, item] of items.entries()) {
    if (item.updatedAt !== null && (last < 0 || item.updatedAt >= (items[last]!.updatedAt ?? 0))) last = index;
  }
  if (last < 0) return 0;
  if (!items[last]!.done) return last;
  const after = items.findIndex((item, index) => index > last && !item.done);
  if (after >= 0) return after;
  const before = items.findIndex((item) => !item.done);
  return before >= 0 ? before : last;
}
