import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { CmsCatalogue, CmsCourse } from '../../../../core/contracts/cms-structure.ts';
import { courseEditorPath, coursePath } from '../../../../core/course-path.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import CategoryOrder from './CategoryOrder.tsx';
import NewCourseForm from './NewCourseForm.tsx';

interface Props {
  api: ApiClient;
  /** The page's language: titles are shown in it, course pages open in it. */
  locale: string;
  t: Translate;
}

/**
 * The catalogue as editors manage it: every course (new, live or withdrawn) with a link to its
 * page and to its editing screen; a new course; a copy of one; the categories and their order.
 */
export default function CourseList({ api, locale, t }: Props) {
  const id = useId();
  const [catalogue, setCatalogue] = useState<CmsCatalogue | null>(null);
  const [adding, setAdding] = useState(false);
  const [copying, setCopying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const coursePage = (courseId: string) => coursePath(locale, courseId);

  useEffect(() => {
    api.get('/cms/courses').then(
      (loaded) => (setCatalogue(loaded), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, [api, locale, reload]);

  const names = Object.fromEntries((catalogue?.categories ?? []).map((category) => [category.id, category.name]));
  return (
    <div data-testid="cms-courses">
      {error && (
        <p role="alert" className="error-text">
          {t('cms.error', { message: error })}
        </p>
      )}
      {!catalogue ? (
        <p className="muted">{t('cms.panel.loading')}</p>
      ) : (
        <ul className="cms-course-list">
          {catalogue.courses.map((course) => (
            <li key={course.id}>
              <a href={coursePage(course.id)}>{course.title}</a>{' '}
              <a href={courseEditorPath(locale, course.id)}>
                {t('cms.editor.edit')} <span className="visually-hidden">«{course.title}»</span>
              </a>{' '}
              <span className="muted">
                {t(`cms.course.status.${course.status}`)}
                {course.drafted ? ` · ${t('cms.course.drafted')}` : ''}
              </span>{' '}
              <button
                type="button"
                className="secondary"
                onClick={() => setCopying(copying === course.id ? null : course.id)}
                aria-expanded={copying === course.id}
              >
                {t('cms.course.duplicate')} <span className="visually-hidden">{course.title}</span>
              </button>
              {copying === course.id && <DuplicateForm api={api} source={course} onCreated={(created) => location.assign(coursePage(created))} t={t} />}
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" className="secondary" aria-expanded={adding} aria-controls={`${id}-new`} onClick={() => setAdding(!adding)}>
          {t('cms.course.new')}
        </button>
      </p>
      <div id={`${id}-new`} hidden={!adding}>
        {adding && catalogue && (
          <NewCourseForm api={api} categories={catalogue.categories} onCreated={(created) => location.assign(coursePage(created))} t={t} />
        )}
      </div>
      <h4>{t('cms.categories.title')}</h4>
      {catalogue && <CategoryOrder api={api} locale={catalogue.locale} names={names} onChange={() => setReload((n) => n + 1)} t={t} />}
    </div>
  );
}

function DuplicateForm({ api, source, onCreated, t }: { api: ApiClient; source: CmsCourse; onCreated: (id: string) => void; t: Translate }) {
  const id = useId();
  const [title, setTitle] = useState(`${source.title} (2)`);
  const [courseId, setCourseId] = useState(`${source.id}-2`);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    try {
      const created = await api.post('/cms/courses/:courseId/duplicate', { param: { courseId: source.id }, json: { id: courseId, title } });
      onCreated(created.id);
    } catch (failure) {
      setError(t('cms.error', { message: (failure as Error).message }));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="cms-editor">
      <p className="field">
        <label htmlFor={`${id}-title`}>{t('cms.course.title')}</label>
        <input id={`${id}-title`} type="text" maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} />
      </p>
      <p className="field">
        <label htmlFor={`${id}-id`}>{t('cms.course.id')}</label>
        <input id={`${id}-id`} type="text" maxLength={80} value={courseId} onChange={(event) => setCourseId(event.target.value.toLowerCase())} />
      </p>
      <button type="submit">{t('cms.course.duplicateConfirm')}</button>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </form>
  );
}
