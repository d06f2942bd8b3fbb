import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '../../lib/api-client.ts';
import type { CmsPageContext } from './use-page-context.ts';

/** The API client for the page's site and locale (`usePageContext`), made again only when either changes. */
export function usePageApi({ siteId, locale }: Pick<CmsPageContext, 'siteId' | 'locale'>): ApiClient {
  return useMemo(() => createApiClient({ siteId: () => siteId, localeCode: () => locale }), [siteId, locale]);
}
