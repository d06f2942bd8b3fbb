import { navigate } from 'astro:transitions/client';

/**
 * Renders the page again in place, through the client router (the CMS panel persists across it):
 * after a publish an editor sees what learners now see, without reloading.
 */
export function showLatestPage(): void {
  void navigate(location.pathname + location.search, { history: 'replace' });
}
