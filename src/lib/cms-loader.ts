import { $mode } from '../stores/mode.ts';

/**
 * Brings the editor only to those who use it: visitors and learners never download it. The
 * first switch to CMS or tester mode imports the panel (React and all), once per page load.
 */
export function startCmsLoader(): void {
  let requested = false;
  $mode.subscribe((mode) => {
    if (mode === 'user' || requested) return;
    requested = true;
    void import('../islands/cms/mount-cms-panel.tsx').then(({ mountCmsPanel }) => mountCmsPanel());
  });
}
