import type { Draft } from '../../../core/contracts/cms.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  drafts: Draft[];
  t: Translate;
  formatDate: (iso: string) => string;
}

/** A draft as a person names it: its title (a category's name), or its key when it has neither (a course's structure, a string). */
function named(draft: Draft): string {
  const fields = draft.fields as Record<string, unknown>;
  const name = [fields.title, fields.name].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return name ?? draft.key;
}

/** The drafts of the page's locale that CMS and tester mode show on the pages: what, by whom, when. */
export default function DraftList({ drafts, t, formatDate }: Props) {
  if (drafts.length === 0) return <p className="muted">{t('cms.drafts.none')}</p>;
  return (
    <ul className="cms-draft-list" data-testid="cms-draft-list">
      {drafts.map((draft) => (
        <li key={`${draft.kind}/${draft.key}`}>
          {t('cms.drafts.item', { kind: t(`cms.kind.${draft.kind}`, { key: named(draft) }), author: draft.author, date: formatDate(draft.updatedAt) })}
        </li>
      ))}
    </ul>
  );
}
