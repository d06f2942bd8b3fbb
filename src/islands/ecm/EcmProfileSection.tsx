import { useMemo } from 'react';
import { translator } from '../../../core/translate.ts';
import { createApiClient } from '../../lib/api-client.ts';
import EcmProfileForm from './EcmProfileForm.tsx';
import './ecm.css';

interface Props {
  siteId: string;
  locale: string;
  heading: string;
  strings: Record<string, string>;
}

/** The registry fields of ECM certificates on the user-data page: a form of its own, saved apart. */
export default function EcmProfileSection({ siteId, locale, heading, strings }: Props) {
  const api = useMemo(() => createApiClient({ siteId: () => siteId, localeCode: () => locale }), [siteId, locale]);
  return (
    <section className="ecm-profile-section">
      <EcmProfileForm api={api} t={translator(strings)} heading={heading} />
    </section>
  );
}
