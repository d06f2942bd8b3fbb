import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Translate } from '../../../../core/translate.ts';
import { proposeCourseId } from '../../../../core/course-outline.ts';
import { ApiRequestError, type ApiClient } from '../../../lib/api-client.ts';
import { move } from '../../../lib/cms-form.ts';

interface Props {
  api: ApiClient;
  /** The site's main language, where the order is kept. */
  locale: string;
  names: Record<string, string>;
  onChange: () => void;
  t: Translate;
}

/** The catalogue's categories: their order (a draft, by buttons) and new ones. Renaming is on the category's catalogue page. */
export default function CategoryOrder({ api, locale, names, onChange, t }: Props) {
  const id = useId();
  const [order, setOrder] = useState<string[] | null>(null);
  // The order and its revision as loaded or last saved here (a move on an older revision is refused),
  // read when a save starts rather than from the render clicked: moves made quickly queue one after another.
  const latest = useRef<{ order: string[]; revision: string }>({ order: [], revision: '' });
  const saving = useRef(Promise.resolve());
  const [name, setName] = useState('');
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const param = { kind: 'categories' as const, locale, key: 'catalogue' };
  const load = () =>
    api.get('/cms/documents/:kind/:locale/:key', { param }).then(
      (view) => {
        const loaded = ((view.draft?.fields ?? view.live) as { order: string[] } | null)?.order ?? [];
        latest.current = { order: loaded, revision: view.revision };
        setOrder(loaded);
      },
      (error: Error) => setStatus({ error: true, text: t('cms.error', { message: error.message }) }),
    );
  // Loaded again for another locale only, by the load of the render that asked.
  const loadNow = useRef(load);
  loadNow.current = load;
  useEffect(() => void loadNow.current(), [locale]);

  /** Moves a category by `step` in the order as the previous move left it, saved once the saves before it have answered. */
  const moveCategory = (category: string, step: -1 | 1) => {
    const current = latest.current.order;
    const index = current.indexOf(category);
    const target = index + step;
    if (index < 0 || target < 0 || target >= current.length) return;
    const next = move(current, index, step);
    latest.current = { ...latest.current, order: next };
    setOrder(next);
    saving.current = saving.current.then(() => saveOrder(next));
  };
  const saveOrder = async (next: string[]) => {
    // A later move's save carries this one too; after a conflict's reload, the moves queued before it are dropped.
    if (latest.current.order !== next) return;
    try {
      const saved = await api.put('/cms/documents/:kind/:locale/:key', {
        param,
        json: { order: next },
        headers: { 'if-match': `"${latest.current.revision}"` },
      });
      latest.current = { ...latest.current, revision: saved.revision };
      setStatus({ error: false, text: t('cms.saved') });
    } catch (error) {
      // Someone else moved or added a category meanwhile: theirs is shown, for this move to be made again on it.
      if (error instanceof ApiRequestError && error.statusCode === 409) {
        await load();
        return setStatus({ error: true, text: t('cms.categories.conflict') });
      }
      setStatus({ error: true, text: t('cms.error', { message: (error as Error).message }) });
    }
  };
  const create = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!name.trim()) return setStatus({ error: true, text: t('cms.required', { field: t('cms.field.name') }) });
    try {
      await api.post('/cms/categories', { json: { id: proposeCourseId(name), name: name.trim() } });
      setName('');
      await load();
      onChange();
      setStatus({ error: false, text: t('cms.saved') });
    } catch (error) {
      setStatus({ error: true, text: t('cms.error', { message: (error as Error).message }) });
    }
  };

  return (
    <div data-testid="cms-categories">
      <ol className="cms-category-order">
        {(order ?? []).map((category, index, list) => (
          <li key={category}>
            <span>{names[category] ?? category}</span>
            <span className="cms-block-actions">
              <button type="button" className="secondary" disabled={index === 0} onClick={() => moveCategory(category, -1)}>
                ↑ <span className="visually-hidden">{t('cms.categories.up', { name: names[category] ?? category })}</span>
              </button>
              <button type="button" className="secondary" disabled={index === list.length - 1} onClick={() => moveCategory(category, 1)}>
                ↓ <span className="visually-hidden">{t('cms.categories.down', { name: names[category] ?? category })}</span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => void create(event)} noValidate className="cms-inline-form">
        <label htmlFor={`${id}-name`}>{t('cms.categories.new')}</label>
        <input id={`${id}-name`} type="text" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="secondary">
          {t('cms.categories.add')}
        </button>
      </form>
      {status && (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'error-text' : 'cms-status'}>
          {status.text}
        </p>
      )}
    </div>
  );
}
