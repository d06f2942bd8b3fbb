import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { applyDrafts, previewDrafts } from '../../lib/draft-preview.ts';
import { showLatestPage } from '../../lib/show-latest-page.ts';
import { $drafts, $unsaved } from '../../stores/cms.ts';
import { $mode, resetMode } from '../../stores/mode.ts';
import { documentCourse } from '../../../core/cms-document.ts';
import { courseEditorPath } from '../../../core/course-path.ts';
import DocumentEditor from './DocumentEditor.tsx';
import DraftList from './DraftList.tsx';
import EcmCourseSetup from './ecm/EcmCourseSetup.tsx';
import EcmProviderSettings from './ecm/EcmProviderSettings.tsx';
import CourseList from './course/CourseList.tsx';
import { languageName } from '../../../core/locale.ts';
import OutlineEditor from './course/OutlineEditor.tsx';
import MediaLibrary from './media/MediaLibrary.tsx';
import PublishPanel from './PublishPanel.tsx';
import StringsEditor from './StringsEditor.tsx';
import SupportRequests from './SupportRequests.tsx';
import { useCmsStrings } from './use-cms-strings.ts';
import { useDateFormat } from './use-date-format.ts';
import { usePageContext } from './use-page-context.ts';
import { usePageApi } from './use-page-api.ts';

/**
 * CMS mode (admin role): edit this page's documents and the interface strings in the page's
 * locale, then publish. Tester mode: the same drafts previewed on the page, read-only. Either way
 * the drafts of the locale replace the live text on the page until the mode goes back to user.
 */
export default function CmsPanel() {
  const mode = useStore($mode);
  const drafts = useStore($drafts);
  const unsaved = useStore($unsaved);
  const context = usePageContext();
  const api = usePageApi(context);
  const strings = useCmsStrings(api, context.locale);
  const { t } = strings;
  const [open, setOpen] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Signed out, or a role without the mode (a stale tab, a forged sessionStorage): nothing to show but the way out.
  const [denied, setDenied] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formatDate = useDateFormat(context.locale);

  useEffect(() => {
    if (mode === 'user') return;
    api.get('/cms/drafts').then(
      (loaded) => ($drafts.set(loaded), setError(null), setDenied(false)),
      (failure: Error) => {
        setError(failure.message);
        setDenied(failure instanceof ApiRequestError && (failure.statusCode === 401 || failure.statusCode === 403));
      },
    );
  }, [mode, api, attempt]);

  const localeDrafts = drafts.filter((draft) => draft.locale === context.locale);
  useEffect(() => {
    const main = document.getElementById('main');
    if (mode === 'user' || !main) return;
    return applyDrafts(main, previewDrafts(drafts, unsaved, context.locale));
  }, [mode, context, drafts, unsaved]);

  if (mode === 'user' || context.editorScreen) return null;
  const admin = mode === 'admin';
  // The course the page belongs to (its own page, a module's or a session's): published on its own if the editor wants.
  const pageCourse = context.documents.map((document) => documentCourse(document.kind, document.key)).find((id) => id !== null) ?? undefined;
  const problem = error ?? strings.error;
  return (
    <aside className="cms-panel" aria-labelledby="cms-panel-title" data-testid="cms-panel" data-open={open}>
      <header>
        <h2 id="cms-panel-title">{strings.entries ? t(admin ? 'cms.panel.admin' : 'cms.panel.tester') : '…'}</h2>
        <button type="button" className="secondary" aria-expanded={open} aria-controls="cms-panel-body" onClick={() => setOpen(!open)}>
          {strings.entries ? t(open ? 'cms.panel.collapse' : 'cms.panel.expand') : '…'}
        </button>
      </header>
      <div id="cms-panel-body" hidden={!open}>
        {problem && (
          <p role="alert" className="error-text">
            {t('cms.error', { message: problem })}{' '}
            {denied ? (
              <button type="button" className="secondary" onClick={resetMode}>
                {t('cms.leave')}
              </button>
            ) : (
              <button type="button" className="secondary" onClick={() => (setAttempt((n) => n + 1), strings.reload())}>
                {t('cms.retry')}
              </button>
            )}
          </p>
        )}
        {denied ? null : !strings.entries ? (
          !problem && <p className="muted">…</p>
        ) : (
          <>
            <p className="muted">{t('cms.panel.locale', { locale: languageName(context.locale, context.locale) })}</p>
            <section aria-labelledby="cms-drafts-title">
              <h3 id="cms-drafts-title">{t('cms.drafts.title')}</h3>
              <p className="hint">{t('cms.drafts.note')}</p>
              <DraftList drafts={localeDrafts} t={t} formatDate={formatDate} />
            </section>
            {admin && (
              <>
                {/* First after the drafts: an editor publishes without scrolling past the page's editors and the library. */}
                <section aria-labelledby="cms-publish-title">
                  <h3 id="cms-publish-title">{t('cms.publish.title')}</h3>
                  <PublishPanel api={api} t={t} formatDate={formatDate} locale={context.locale} course={pageCourse} />
                </section>
                <section aria-labelledby="cms-page-title">
                  <h3 id="cms-page-title">{t('cms.page.title')}</h3>
                  {context.documents.length === 0 && <p className="muted">{t('cms.page.none')}</p>}
                  {context.documents.map((document, index) => (
                    <details key={`${context.path}/${document.kind}/${document.key}`} open={index === 0} className="cms-document">
                      <summary>{t(`cms.kind.${document.kind}`, { key: document.name ?? document.key })}</summary>
                      {document.kind === 'outline' ? (
                        <>
                          <p>
                            <a href={courseEditorPath(context.locale, document.key)}>{t('cms.editor.open')}</a>
                          </p>
                          <OutlineEditor
                            courseId={document.key}
                            locale={context.locale}
                            api={api}
                            t={t}
                            strings={strings.texts}
                            formatDate={formatDate}
                            onSaved={showLatestPage}
                          />
                        </>
                      ) : (
                        <DocumentEditor document={document} locale={context.locale} api={api} t={t} strings={strings.texts} formatDate={formatDate} />
                      )}
                    </details>
                  ))}
                  {/* A course with credits: its ECM event and editions come after its documents, next to the question bank. */}
                  {context.ecmCourse && <EcmCourseSetup key={`${context.path}/ecm`} api={api} courseId={context.ecmCourse} t={t} locale={context.locale} />}
                </section>
                <section aria-labelledby="cms-courses-title">
                  <h3 id="cms-courses-title">{t('cms.courses.title')}</h3>
                  <CourseList api={api} locale={context.locale} t={t} />
                </section>
                <section aria-labelledby="cms-ecm-title">
                  <h3 id="cms-ecm-title">{t('cms.ecm.provider')}</h3>
                  <EcmProviderSettings api={api} t={t} />
                </section>
                <section aria-labelledby="cms-strings-title">
                  <h3 id="cms-strings-title">{t('cms.strings.title')}</h3>
                  <StringsEditor
                    key={context.locale}
                    entries={strings.entries}
                    locale={context.locale}
                    api={api}
                    t={t}
                    strings={strings.texts}
                    formatDate={formatDate}
                  />
                </section>
                <section aria-labelledby="cms-media-title">
                  <h3 id="cms-media-title">{t('cms.media.title')}</h3>
                  <MediaLibrary api={api} t={t} locale={context.locale} formatDate={formatDate} />
                </section>
                <section aria-labelledby="cms-support-title">
                  <h3 id="cms-support-title">{t('cms.support.title')}</h3>
                  <SupportRequests api={api} t={t} formatDate={formatDate} locale={context.locale} />
                </section>
              </>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
