import { BUILD_CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, findNewBuild } from './build-check.ts';

let started = false;

/** Offers a reload when a newer build is out, and makes the next navigation a full page load. */
export function startBuildCheck(currentId: string, intervalMs = BUILD_CHECK_INTERVAL_MS): void {
  if (started) return;
  started = true;
  let found = false;
  const check = async () => {
    if (found) return;
    const newer = await findNewBuild(currentId, () => fetch('/builds/latest.json', { cache: 'no-store' }));
    if (!newer) return;
    found = true;
    // Without this marker Astro's client router hands every link to the browser: a full load.
    document.querySelector('meta[name="astro-view-transitions-enabled"]')?.remove();
    const prompt = document.getElementById('build-update');
    if (!prompt) return;
    prompt.hidden = false;
    prompt.querySelector('[data-action="reload"]')?.addEventListener('click', () => location.reload());
    prompt.querySelector('[data-action="dismiss"]')?.addEventListener('click', () => {
      prompt.hidden = true;
    });
  };
  // check() never rejects for want of an answer (findNewBuild returns null), so nothing is left to handle.
  setTimeout(() => void check(), FIRST_CHECK_DELAY_MS);
  setInterval(() => void check(), intervalMs);
  // The router brings a fresh head on each navigation: keep the marker away once a build is found.
  document.addEventListener('astro:after-swap', () => {
    if (found) document.querySelector('meta[name="astro-view-transitions-enabled"]')?.remove();
  });
}
