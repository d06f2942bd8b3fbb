import { useEffect, useState } from 'react';
import type { LinkTargets } from '../../../../core/contracts/cms.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The site's pages and course sessions in `locale`, for the link dialog's list; null while they load (or if they fail: the address field still works). */
export function useLinkTargets(api: ApiClient, locale: string): LinkTargets | null {
  const [targets, setTargets] = useState<LinkTargets | null>(null);
  useEffect(() => {
    let current = true;
    api
      .get('/cms/link-targets', { query: { locale } })
      .then((loaded) => current && setTargets(loaded))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, locale]);
  return targets;
}
