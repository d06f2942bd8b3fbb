// Addresses with a trailing slash answer a permanent redirect (308) to the address without it, the
// one canonical form. The static-assets layer would answer 307 itself; a `_redirects` file (read by
// Cloudflare's assets, locally by wrangler too) comes first. Written per locale the build produced,
// plus the locale-free pages, so the API (`/api/i18n/boilerplate/` is called with its trailing slash) is never redirected.
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const LOCALE = /^[a-z]{2}-[A-Z]{2}$/;
const LOCALE_FREE_PAGES = ['tiles-access', 'test', 'federated'];

/** The `_redirects` rules for these locales. */
export function trailingSlashRules(locales) {
  return [
    ...locales.flatMap((locale) => [`/${locale}/ /${locale} 308`, `/${locale}/*/ /${locale}/:splat 308`]),
    ...LOCALE_FREE_PAGES.flatMap((page) => [`/${page}/ /${page} 308`, `/${page}/*/ /${page}/:splat 308`]),
  ].join('\n');
}

export function trailingSlash() {
  return {
    name: 'tiles-trailing-slash',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const entries = await readdir(fileURLToPath(dir), { withFileTypes: true });
        const locales = entries
          .filter((entry) => entry.isDirectory() && LOCALE.test(entry.name))
          .map((entry) => entry.name)
          .sort();
        await writeFile(new URL('_redirects', dir), `${trailingSlashRules(locales)}\n`);
        logger.info(`_redirects: trailing slashes redirect permanently (${locales.join(', ')})`);
      },
    },
  };
}
