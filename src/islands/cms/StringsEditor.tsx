import { useId, useState } from 'react';
import type { BoilerplateEntry } from '../../../core/contracts/site.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { Translate } from '../../../core/translate.ts';
import DocumentEditor from './DocumentEditor.tsx';

interface Props {
  entries: BoilerplateEntry[];
  locale: string;
  api: ApiClient;
  t: Translate;
  strings: Record<string, string>;
  formatDate: (iso: string) => string;
}

const SHOWN = 15;

/** Finds an interface string by key or words in the page's locale, and edits it like any document. */
export default function StringsEditor({ entries, locale, api, t, strings, formatDate }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const needle = query.trim().toLocaleLowerCase(locale);
  const matches = needle
    ? entries.filter((entry) => entry.key.toLowerCase().includes(needle) || (entry.translations[locale] ?? '').toLocaleLowerCase(locale).includes(needle))
    : [];
  return (
    <div className="cms-strings">
      <p className="field">
        <label htmlFor={`${id}-q`}>{t('cms.strings.search')}</label>
        <input id={`${id}-q`} type="search" value={query} maxLength={100} onChange={(event) => (setQuery(event.target.value), setSelected(null))} />
      </p>
      {needle && (
        <p role="status" className="muted">
          {t('cms.strings.results', { count: matches.length })}
          {matches.length > SHOWN ? ` ${t('cms.strings.more', { shown: SHOWN })}` : ''}
        </p>
      )}
      {selected ? (
        <section aria-label={t('cms.kind.boilerplate', { key: selected })}>
          <h4>{t('cms.kind.boilerplate', { key: selected })}</h4>
          <DocumentEditor document={{ kind: 'boilerplate', key: selected }} locale={locale} api={api} t={t} strings={strings} formatDate={formatDate} />
          <button type="button" className="secondary" onClick={() => setSelected(null)}>
            {t('cms.strings.close')}
          </button>
        </section>
      ) : (
        <ul className="cms-string-list">
          {matches.slice(0, SHOWN).map((entry) => (
            <li key={entry.key}>
              <button type="button" className="link-button" onClick={() => setSelected(entry.key)} aria-label={t('cms.strings.edit', { key: entry.key })}>
                <code>{entry.key}</code>
              </button>{' '}
              <span>{entry.translations[locale] ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
