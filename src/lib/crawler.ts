import { isbot } from 'isbot';

/** Search-engine, link-preview and page-speed bots, from isbot's maintained list. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? '');
}
