import { $mode } from '../stores/mode.ts';

/** Every page says when the tab is in tester or CMS mode. */
export function showModeBanner(): void {
  const render = () => {
    const banner = document.getElementById('mode-banner');
    if (!banner) return;
    const mode = $mode.get();
    const text = mode === 'user' ? '' : (banner.dataset[mode] ?? '');
    banner.textContent = text;
    banner.hidden = text === '';
    document.documentElement.dataset.mode = mode;
  };
  $mode.listen(render);
  document.addEventListener('astro:page-load', render);
}
