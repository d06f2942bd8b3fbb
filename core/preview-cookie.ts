/**
 * Set by the browser while a tab is in CMS or tester mode (`src/stores/mode.ts`): pages rendered
 * per request then show a published course's drafted structure to those who may read drafts (the
 * server checks that right; the cookie alone shows nothing). Mode is a tab's, the cookie the
 * browser's: the tab that last changed mode or loaded a page sets it.
 */
export const PREVIEW_COOKIE = 'tiles-preview';
