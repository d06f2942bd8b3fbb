import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { documentCourse } from '../../../../core/cms-document.ts';
import { translator, type Strings } from '../../../../core/translate.ts';
import type { PageDocument } from '../../../lib/cms-marker.ts';
import { $drafts } from '../../../stores/cms.ts';
import DocumentEditor from '../DocumentEditor.tsx';
import { usePageApi } from '../use-page-api.ts';
import DraftList from '../DraftList.tsx';
import EcmCourseSetup from '../ecm/EcmCourseSetup.tsx';
import PublishPanel from '../PublishPanel.tsx';
import { useDateFormat } from '../use-date-format.ts';
import OutlineEditor from './OutlineEditor.tsx';

interface Props {
  siteId: string;
  /** The page's language: titles and texts are edited in it. */
  locale: string;
  /** The published course carries ECM credits: its event and editions are set up here too. */
  ecm: boolean;
  courseId: string;
  /** The editor's strings (`cms.*`), from the page: nothing waits for them, no key shows in their place. */
  strings: Strings;
}

interface Open {
  document: PageDocument;
  name: string;
}

/**
 * A course's editing screen: publishing and the course's drafts on top; its structure on one side
 * and the part chosen there (the course's texts, a session's text, the ECM questions) on the other.
 */
export default function CourseEditor({ siteId, locale, courseId, ecm, strings }: Props) {
  const api = usePageApi({ siteId, locale });
  const t = useMemo(() => translator(strings), [strings]);
  const formatDate = useDateFormat(locale);
  const courseTexts: Open = { document: { kind: 'course', key: courseId }, name: t('cms.editor.texts') };
  const [open, setOpen] = useState<Open>(courseTexts);
  const [error, setError] = useState<string | null>(null);
  const [draftsLoad, setDraftsLoad] = useState(0);
  const drafts = useStore($drafts);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    api.get('/cms/drafts').then(
      (loaded) => ($drafts.set(loaded), setError(null)),
      (failure: Error) => setError(failure.message),
    );
  }, [api, draftsLoad]);

  const courseDrafts = drafts.filter((draft) => documentCourse(draft.kind, draft.key) === courseId);
  const choose = (next: Open) => {
    setOpen(next);
    // On a phone the editor is below the structure: bring it, and the keyboard, to it.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const openKey = `${open.document.kind}/${open.document.key}`;

  return (
    <div className="course-editor" data-testid="course-editor">
      {error && (
        <p role="alert" className="error-text">
          {t('cms.error', { message: error })}
        </p>
      )}
      <div className="course-editor-top">
        <section aria-labelledby="course-editor-publish">
          <h2 id="course-editor-publish">{t('cms.publish.title')}</h2>
          <PublishPanel api={api} t={t} formatDate={formatDate} locale={locale} course={courseId} />
        </section>
        <section aria-labelledby="course-editor-drafts">
          <h2 id="course-editor-drafts">{t('cms.editor.drafts')}</h2>
          <DraftList drafts={courseDrafts} t={t} formatDate={formatDate} />
        </section>
      </div>
      <div className="course-editor-columns">
        <section aria-labelledby="course-editor-structure">
          <h2 id="course-editor-structure">{t('cms.editor.structure')}</h2>
          <p>
            <button type="button" className="secondary" aria-current={openKey === `course/${courseId}`} onClick={() => choose(courseTexts)}>
              {t('cms.editor.texts')}
            </button>
          </p>
          <OutlineEditor
            courseId={courseId}
            locale={locale}
            api={api}
            t={t}
            strings={strings}
            formatDate={formatDate}
            onOpen={(document, name) => choose({ document, name })}
            onSaved={() => setDraftsLoad((n) => n + 1)}
          />
        </section>
        <section aria-labelledby="course-editor-open" className="course-editor-document" data-testid="course-editor-document">
          <h2 id="course-editor-open" ref={heading} tabIndex={-1}>
            {t('cms.editor.editing', { name: open.name })}
          </h2>
          <DocumentEditor key={openKey} document={open.document} locale={locale} api={api} t={t} strings={strings} formatDate={formatDate} />
          {ecm && open.document.kind === 'course' && <EcmCourseSetup api={api} courseId={courseId} t={t} locale={locale} />}
        </section>
      </div>
    </div>
  );
}
