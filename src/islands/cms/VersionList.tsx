import type { Version } from '../../../core/contracts/cms.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  versions: Version[];
  onRestore: (id: number) => void;
  busy: boolean;
  t: Translate;
  formatDate: (iso: string) => string;
}

/** Every saved, published and replaced text of a document, newest first; any of them can come back as the draft. */
export default function VersionList({ versions, onRestore, busy, t, formatDate }: Props) {
  return (
    <details className="cms-versions">
      <summary>{t('cms.versions', { count: versions.length })}</summary>
      <ol>
        {versions.map((version) => {
          const status = t(`cms.version.${version.status}`);
          const date = formatDate(version.createdAt);
          return (
            <li key={version.id} data-status={version.status}>
              <span>{t('cms.version.line', { status, date, author: version.author })}</span>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                aria-label={t('cms.version.restoreLabel', { date, status })}
                onClick={() => onRestore(version.id)}
              >
                {t('cms.version.restore')}
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
