import { useEffect, useState } from 'react';
import type { SupportRequest } from '../../../core/contracts/support.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  api: ApiClient;
  t: Translate;
  formatDate: (iso: string) => string;
}

/** What visitors and learners wrote through the support form, newest first, with the error they came from. */
export default function SupportRequests({ api, t, formatDate }: Props) {
  const [requests, setRequests] = useState<SupportRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get('/cms/support').then(setRequests, (failure: Error) => setError(failure.message));
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
          <p className="muted">{t('cms.support.from', { id: request.id, date: formatDate(request.createdAt), name: request.name, email: request.email })}</p>
          <p className="cms-support-message">{request.message}</p>
          {request.c && <p className="hint">{t('cms.support.reference', { c: request.c, e: request.e ?? '', p: request.p ?? '' })}</p>}
          {request.r && <p className="hint">{t('cms.support.requestId', { r: request.r })}</p>}
        </li>
      ))}
    </ol>
  );
}
