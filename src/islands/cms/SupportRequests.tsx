import { useEffect, useState } from 'react';
import type { SupportRequest } from '../../../core/contracts/support.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  api: ApiClient;
  t: Translate;
  formatDate: (iso: string) => string;
  /** The staff area's support pages, where requests are answered (they work without scripts). */
  locale: string;
}

/** The newest page of what visitors and learners wrote through the support form, with the error they came from and its status. */
export default function SupportRequests({ api, t, formatDate, locale }: Props) {
  const [requests, setRequests] = useState<SupportRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get('/cms/support').then(
      (page) => setRequests(page.requests),
      (failure: Error) => setError(failure.message),
    );
  }, [api]);
  if (error)
    return (
      <p role="alert" className="error-text">
        {t('cms.error', { message: error })}
      </p>
    );
  if (!requests) return <p className="muted">{t('cms.panel.loading')}</p>;
  if (requests.length === 0) return <p className="muted">{t('cms.support.none')}</p>;
  return (
    <ol className="cms-support" data-testid="cms-support">
      {requests.map((request) => (
        <li key={request.id}>
          <p className="muted">
            {t('cms.support.from', { id: request.id, date: formatDate(request.createdAt), name: request.name, email: request.email })} ·{' '}
            <a href={`/${locale}/staff/support/${request.id}`}>{t(`support.status.${request.status}`)}</a>
          </p>
          <p className="cms-support-message">{request.message}</p>
          {request.c && <p className="hint">{t('cms.support.reference', { c: request.c, e: request.e ?? '', p: request.p ?? '' })}</p>}
          {request.r && <p className="hint">{t('cms.support.requestId', { r: request.r })}</p>}
        </li>
      ))}
    </ol>
  );
}
