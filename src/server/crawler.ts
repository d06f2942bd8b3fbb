import { createIsbotFromList, list } from 'isbot';

/**
 * Search-engine, link-preview and page-speed bots, from isbot's maintained list. Headless
 * browsers are left out: they are people's test tools and automation, which must see the
 * error screen like anyone else.
 */
const isCrawlerAgent = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));

export function isCrawler(userAgent: string | null | undefined): boolean {
  return isCrawlerAgent(userAgent ?? '');
}
