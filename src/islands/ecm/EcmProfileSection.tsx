import { useMemo, type ComponentProps } from 'react';
import { translator } from '../../../core/translate.ts';
import { createApiClient } from '../../lib/api-client.ts';
import EcmProfileForm from './EcmProfileForm.tsx';
import './ecm.css';

interface Props {
  siteId: string;
  locale: string;
  heading: string;
  strings: Record<string, string>;
  initial: ComponentProps<typeof EcmProfileForm>['initial'];
  post: ComponentProps<typeof EcmProfileForm>['post'];
  posted: ComponentProps<typeof EcmProfileForm>['posted'];
}

/** The registry fields of ECM certificates on the user-data page: a form of its own, saved apart, whole in the page's HTML. */
export default function EcmProfileSection({ siteId, locale, heading, strings, initial, post, posted }: Props) {
  const api = useMemo(() => createApiClient({ siteId: () => siteId, localeCode: () => locale }), [siteId, locale]);
  return (
    <section className="ecm-profile-section">
      <EcmProfileForm api={api} t={translator(strings)} heading={heading} initial={initial} post={post} posted={posted} />
    </section>
  );
}
