import { useId, useState, type SubmitEvent } from 'react';
import { proposeCourseId } from '../../../../core/course-outline.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

interface Props {
  api: ApiClient;
  categories: { id: string; name: string }[];
  /** The new course's page, where its structure is edited. */
  onCreated: (id: string) => void;
  t: Translate;
}

/**
 * A new course: its address is proposed from the title until the editor changes it, and is fixed
 * once created (links, progress and certificates will name it).
 */
export default function NewCourseForm({ api, categories, onCreated, t }: Props) {
  const id = useId();
  const [fields, setFields] = useState({ title: '', summary: '', description: '', moduleTitle: '', category: categories[0]?.id ?? '' });
  const [courseId, setCourseId] = useState<string | null>(null);
  const [ecm, setEcm] = useState(false);
  const [credits, setCredits] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const address = courseId ?? proposeCourseId(fields.title);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const missing = (['title', 'summary', 'description', 'moduleTitle'] as const).find((name) => fields[name].trim() === '');
    if (missing || !address) {
      setError(t('cms.required', { field: t(`cms.course.${missing ?? 'id'}`) }));
      globalThis.document.getElementById(`${id}-${missing ?? 'id'}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await api.post('/cms/courses', {
        json: { ...fields, id: address, ecmCredits: ecm ? credits : null },
      });
      onCreated(created.id);
    } catch (failure) {
      setError(t('cms.error', { message: (failure as Error).message }));
      setBusy(false);
    }
  };

  const text = (name: 'title' | 'summary' | 'description' | 'moduleTitle', rows = 0) => (
    <p className="field">
      <label htmlFor={`${id}-${name}`}>{t(`cms.course.${name}`)}</label>
      {rows ? (
        <textarea id={`${id}-${name}`} rows={rows} maxLength={name === 'summary' ? 500 : 10000} value={fields[name]} onChange={set(name)} aria-required />
      ) : (
        <input id={`${id}-${name}`} type="text" maxLength={200} value={fields[name]} onChange={set(name)} aria-required />
      )}
    </p>
  );

  return (
    <form className="cms-editor" onSubmit={(event) => void submit(event)} noValidate data-testid="cms-new-course">
      {text('title')}
      <p className="field">
        <label htmlFor={`${id}-id`}>{t('cms.course.id')}</label>
        <input
          id={`${id}-id`}
          type="text"
          maxLength={80}
          pattern="[a-z0-9-]+"
          value={address}
          aria-describedby={`${id}-id-hint`}
          onChange={(event) => setCourseId(event.target.value.toLowerCase())}
        />
        <span className="hint" id={`${id}-id-hint`}>
          {t('cms.course.idHint')}
        </span>
      </p>
      {text('summary', 2)}
      {text('description', 4)}
      <p className="field">
        <label htmlFor={`${id}-category`}>{t('cms.outline.category')}</label>
        <select id={`${id}-category`} value={fields.category} onChange={set('category')}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </p>
      <p className="field cms-check">
        <input id={`${id}-ecm`} type="checkbox" checked={ecm} onChange={(event) => setEcm(event.target.checked)} />
        <label htmlFor={`${id}-ecm`}>{t('cms.outline.ecm')}</label>
      </p>
      {ecm && (
        <p className="field">
          <label htmlFor={`${id}-credits`}>{t('cms.outline.credits')}</label>
          <input
            id={`${id}-credits`}
            type="number"
            min={0.1}
            max={50}
            step={0.1}
            value={credits}
            onChange={(event) => setCredits(Math.round(Number(event.target.value) * 10) / 10)}
          />
        </p>
      )}
      {text('moduleTitle')}
      <p className="cms-actions">
        <button type="submit" disabled={busy}>
          {busy ? t('cms.saving') : t('cms.course.create')}
        </button>
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </form>
  );
}
