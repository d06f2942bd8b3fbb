import type { Draft } from '../../../core/contracts/cms.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  drafts: Draft[];
  t: Translate;
  formatDate: (iso: string) => string;
}

/** The drafts of the page's locale that CMS and tester mode show on the pages. */
export default function DraftList({ drafts, t, formatDate }: Props) {
  if (drafts.length === 0) return <p className="muted">{t('cms.drafts.none')}</p>;
  return (
    <ul className="cms-draft-list" data-testid="cms-draft-list">
      {drafts.map((draft) => (
        <li key={`${draft.kind}/${draft.key}`}>
          {t('cms.drafts.item', { kind: t(`cms.kind.${draft.kind}`, { key: draft.key }), author: draft.author, date: formatDate(draft.updatedAt) })}
        </li>
      ))}
    </ul>
  );
}
