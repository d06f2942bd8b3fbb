import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import ConflictNotice, { refusalOf, useFocusFirstField, type Refusal } from '../ConflictNotice.tsx';
import type { CourseStructure } from '../../../../core/contracts/cms-structure.ts';
import type { EditorView } from '../../../../core/contracts/cms.ts';
import { moduleKey, outlineDuration, sessionKey, SESSION_KINDS, type Outline, type SessionKind } from '../../../../core/course-outline.ts';
import { documentRevision } from '../../../../core/document-revision.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient, ApiJson } from '../../../lib/api-client.ts';
import type { PageDocument } from '../../../lib/cms-marker.ts';
import { addModule, addSession, changeSession, moveModule, moveSession, removeModule, removeSession } from '../../../lib/outline-form.ts';
import { sessionTitleRevision } from '../../../lib/session-title-revision.ts';
import ConfirmDialog, { type Confirmation } from '../ConfirmDialog.tsx';
import VersionList from '../VersionList.tsx';
import SessionRow from './SessionRow.tsx';
import { useLeaveWarning } from '../use-leave-warning.ts';

interface Props {
  courseId: string;
  /** The page's language: module and session titles are edited in it. */
  locale: string;
  api: ApiClient;
  t: Translate;
  /** The panel's strings by key, for the media fields. */
  strings: Record<string, string>;
  formatDate: (iso: string) => string;
  /** On the course's editing screen: opens a session's text, or the ECM questions, beside the structure. */
  onOpen?: (document: PageDocument, name: string) => void;
  /** After the structure and its titles are saved (new drafts to list). */
  onSaved?: () => void;
}

/** The revision of a title with no text in the page's language yet (a new part's, or one shown from the main language): the same for every part. */
const NO_TEXT_REVISION = documentRevision(null);

type Status = { kind: 'idle' | 'saving' } | { kind: 'saved' | 'error'; text: string };

/**
 * A course's structure: category, credits, withdrawal, and its modules and sessions in order, with
 * their titles in the page's language. Everything is a draft until "Pubblica"; moving is by
 * buttons, so it works from the keyboard; removing a part learners have completed, or withdrawing a
 * course they have, asks first in a dialog (their records are kept either way).
 */
export default function OutlineEditor({ courseId, locale, api, t, strings, formatDate, onOpen, onSaved }: Props) {
  const id = useId();
  const [structure, setStructure] = useState<CourseStructure | null>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const [outline, setOutline] = useState<Outline | null>(null);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [changedTitles, setChangedTitles] = useState<Set<string>>(new Set());
  // Each title's revision as loaded or last saved here: a module title saved on an older one is refused.
  const [titleRevisions, setTitleRevisions] = useState<Record<string, string>>({});
  // Each title in the page's language as loaded or last saved here (null: none in it yet), to tell a colleague's new title from a change to the text alone.
  const [titleBases, setTitleBases] = useState<Record<string, string | null>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [reload, setReload] = useState(0);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  // Someone saved the structure since it was loaded here, and a save was refused: shown until the next load or save.
  const [conflict, setConflict] = useState<Refusal | null>(null);
  // The latest version was asked for after a refused save: once loaded, it is said and focus goes to the form.
  const loadingLatest = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstField = useFocusFirstField(form);
  // Changed since loaded or saved: the structure or a title.
  const [unsaved, setUnsavedChanges] = useState(false);
  useLeaveWarning(unsaved);

  // Loaded again for another course, locale or a restore, with the client and strings of that render.
  const latest = useRef({ api, t, focusFirstField });
  latest.current = { api, t, focusFirstField };
  useEffect(() => {
    const { api, t, focusFirstField } = latest.current;
    let current = true;
    (async () => {
      const loaded = await api.get('/cms/courses/:courseId/structure', { param: { courseId }, query: { locale } });
      const document = await api.get('/cms/documents/:kind/:locale/:key', { param: { kind: 'outline', locale: loaded.locale, key: courseId } });
      const none = await NO_TEXT_REVISION;
      if (!current) return;
      setStructure(loaded);
      setView(document);
      setOutline((document.draft?.fields ?? document.live) as Outline | null);
      setTitles(loaded.titles);
      setTitleRevisions(loaded.revisions ?? {});
      // A title shown from the main language has no text in this one: its revision is none's.
      setTitleBases(Object.fromEntries(Object.entries(loaded.titles).map(([part, title]) => [part, loaded.revisions?.[part] === none ? null : title])));
      setChangedTitles(new Set());
      setUnsavedChanges(false);
      setConflict(null);
      if (loadingLatest.current) {
        loadingLatest.current = false;
        setStatus({ kind: 'saved', text: t('cms.conflictReloaded') });
        focusFirstField();
      }
    })().catch((error: Error) => current && setStatus({ kind: 'error', text: t('cms.error', { message: error.message }) }));
    return () => {
      current = false;
    };
  }, [courseId, locale, reload]);

  if (!structure || !outline || !view) {
    return status.kind === 'error' ? (
      <p role="alert" className="error-text">
        {status.text}
      </p>
    ) : (
      <p className="muted">{t('cms.panel.loading')}</p>
    );
  }

  const edit = (next: Outline) => (setOutline(next), setStatus({ kind: 'idle' }), setUnsavedChanges(true));
  const editLatest = (change: (current: Outline) => Outline) => (
    setOutline((current) => current && change(current)),
    setStatus({ kind: 'idle' }),
    setUnsavedChanges(true)
  );
  // A session's text exists once the structure naming it is saved: only then can it be opened.
  const savedOutline = (view.draft?.fields ?? view.live) as Outline | null;
  const saved = new Set(savedOutline?.modules.flatMap((module) => module.sessions.map((session) => `${module.number}.${session.number}`)) ?? []);
  const setTitle = (part: string, title: string) => {
    setTitles({ ...titles, [part]: title });
    setChangedTitles(new Set(changedTitles).add(part));
    setStatus({ kind: 'idle' });
    setUnsavedChanges(true);
  };
  const newModule = () => {
    const added = addModule(outline, structure.usedModules);
    edit(added.outline);
    setTitle(String(added.number), '');
  };
  const newSession = (moduleNumber: number, kind: SessionKind) => {
    const added = addSession(outline, moduleNumber, structure.usedSessions, kind);
    edit(added.outline);
    setTitle(`${moduleNumber}.${added.number}`, '');
  };
  /** A step learners would notice: asked first in the dialog when some have completed what it touches. */
  const askFirst = (learners: number, message: string, action: string, step: () => void) =>
    learners > 0 ? setAsking({ message: t(message, { learners }), action: t(action), onConfirm: step }) : step();
  const dropSession = (moduleNumber: number, number: number) =>
    askFirst(structure.learners[`${moduleNumber}.${number}`] ?? 0, 'cms.outline.confirmRemove', 'cms.outline.removeAction', () =>
      edit(removeSession(outline, moduleNumber, number)),
    );
  const dropModule = (moduleNumber: number) => {
    const learners = Object.entries(structure.learners)
      .filter(([key]) => key.startsWith(`${moduleNumber}.`))
      .reduce((sum, [, count]) => sum + count, 0);
    askFirst(learners, 'cms.outline.confirmRemove', 'cms.outline.removeAction', () => edit(removeModule(outline, moduleNumber)));
  };

  // Withdrawing a course learners have completed parts of asks first; putting it back does not.
  const withdraw = (withdrawn: boolean) => {
    const learners = withdrawn ? Object.values(structure.learners).reduce((sum, count) => sum + count, 0) : 0;
    askFirst(learners, 'cms.outline.confirmWithdraw', 'cms.outline.withdrawAction', () => edit({ ...outline, withdrawn }));
  };

  /**
   * A save or a restore refused (409: someone saved the text since it was loaded here) leaves the
   * form as it is, unsaved, and says so: the editor decides whether to load the other text.
   */
  const failed = (error: unknown, action: Refusal) => {
    const refused = refusalOf(error, action);
    setConflict(refused);
    setStatus(refused ? { kind: 'idle' } : { kind: 'error', text: t('cms.error', { message: (error as Error).message }) });
  };

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    const parts = outline.modules.flatMap((module) => [String(module.number), ...module.sessions.map((session) => `${module.number}.${session.number}`)]);
    const untitled = parts.find((part) => !(titles[part] ?? '').trim());
    if (untitled) {
      setStatus({ kind: 'error', text: t('cms.outline.untitled') });
      globalThis.document.getElementById(`${id}-title-${untitled}`)?.focus();
      return;
    }
    setStatus({ kind: 'saving' });
    const pending = new Set(changedTitles);
    const revisions = { ...titleRevisions };
    const bases = { ...titleBases };
    const none = await NO_TEXT_REVISION;
    try {
      // The structure this editor started from: refused (409) if someone saved over it since.
      const saved = await api.put('/cms/documents/:kind/:locale/:key', {
        param: { kind: 'outline', locale: structure.locale, key: courseId },
        json: outline,
        headers: { 'if-match': `"${view.revision}"` },
      });
      // Saved whatever a title below meets: the next save of the structure starts from this one.
      setView(saved);
      // Titles after the outline: a new module's or session's text exists once its outline draft does.
      for (const part of parts.filter((candidate) => pending.has(candidate))) {
        const [module = 0, session] = part.split('.').map(Number);
        const title = (titles[part] ?? '').trim();
        if (session === undefined) {
          const answer = await api.put('/cms/documents/:kind/:locale/:key', {
            param: { kind: 'module', locale, key: moduleKey(courseId, module) },
            json: { title },
            // The title as loaded here (a new module's: none yet): refused if someone renamed the module since.
            headers: { 'if-match': `"${revisions[part] ?? none}"` },
          });
          revisions[part] = answer.revision;
        } else {
          const key = sessionKey(courseId, module, session);
          const current = await api.get('/cms/documents/:kind/:locale/:key', { param: { kind: 'session', locale, key } });
          const fields = (current.draft?.fields ?? current.live) as { title?: string; body?: unknown } | null;
          const revision = sessionTitleRevision(
            { revision: current.revision, title: fields?.title ?? null },
            { revision: revisions[part] ?? none, title: bases[part] ?? null },
          );
          const answer = await api.put('/cms/documents/:kind/:locale/:key', {
            param: { kind: 'session', locale, key },
            json: { title, body: fields?.body ?? [] } as ApiJson<'PUT', '/cms/documents/:kind/:locale/:key'>,
            // The body just read goes back as it was: never over a text saved in between, nor over a colleague's title.
            headers: { 'if-match': `"${revision}"` },
          });
          revisions[part] = answer.revision;
        }
        bases[part] = title;
        pending.delete(part);
      }
      setUnsavedChanges(false);
      setConflict(null);
      setStatus({ kind: 'saved', text: t('cms.saved') });
      onSaved?.();
    } catch (error) {
      failed(error, 'save');
    }
    // What was saved before a refusal stays saved: only the titles left are still to save.
    setChangedTitles(pending);
    setTitleRevisions(revisions);
    setTitleBases(bases);
  };
  const askLoadLatest = () =>
    setAsking({
      message: t('cms.conflictConfirm'),
      action: t('cms.conflictReload'),
      onConfirm: () => ((loadingLatest.current = true), setReload((n) => n + 1)),
    });

  const restore = async (versionId: number) => {
    setStatus({ kind: 'saving' });
    try {
      // Never over a structure someone saved since it was loaded here: refused (409), the form stays as it is.
      await api.post('/cms/versions/:id/revert', { param: { id: versionId }, headers: { 'if-match': `"${view.revision}"` } });
      setReload((n) => n + 1);
      setStatus({ kind: 'saved', text: t('cms.restored') });
    } catch (error) {
      failed(error, 'replace');
    }
  };

  return (
    <form ref={form} className="cms-editor cms-outline" onSubmit={(event) => void save(event)} noValidate data-testid={`cms-outline-${courseId}`}>
      <p className="muted">{view.draft ? t('cms.draftBy', { author: view.draft.author, date: formatDate(view.draft.updatedAt) }) : t('cms.liveOnly')}</p>
      <p className="field">
        <label htmlFor={`${id}-category`}>{t('cms.outline.category')}</label>
        <select id={`${id}-category`} value={outline.category} onChange={(event) => edit({ ...outline, category: event.target.value })}>
          {structure.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </p>
      <p className="field cms-check">
        <input
          id={`${id}-ecm`}
          type="checkbox"
          checked={outline.ecmCredits !== null}
          onChange={(event) => edit({ ...outline, ecmCredits: event.target.checked ? 1 : null })}
        />
        <label htmlFor={`${id}-ecm`}>{t('cms.outline.ecm')}</label>
      </p>
      {onOpen && outline.ecmCredits !== null && (
        <p>
          <button type="button" className="secondary" onClick={() => onOpen({ kind: 'bank', key: courseId }, t('cms.editor.bank'))}>
            {t('cms.editor.bank')}
          </button>
        </p>
      )}
      {outline.ecmCredits !== null && (
        <p className="field">
          <label htmlFor={`${id}-credits`}>{t('cms.outline.credits')}</label>
          <input
            id={`${id}-credits`}
            type="number"
            min={0.1}
            max={50}
            step={0.1}
            value={outline.ecmCredits}
            onChange={(event) => edit({ ...outline, ecmCredits: Math.round(Number(event.target.value) * 10) / 10 })}
          />
        </p>
      )}
      <p className="field cms-check">
        <input id={`${id}-withdrawn`} type="checkbox" checked={outline.withdrawn} onChange={(event) => withdraw(event.target.checked)} />
        <label htmlFor={`${id}-withdrawn`}>{t('cms.outline.withdrawn')}</label>
      </p>
      {outline.withdrawn && <p className="hint">{t('cms.outline.withdrawnNote')}</p>}
      <p data-testid="cms-outline-duration">{t('cms.outline.duration', { duration: outlineDuration(outline) })}</p>
      <ol className="cms-modules">
        {outline.modules.map((module, index) => {
          const part = String(module.number);
          return (
            <li key={module.number} className="cms-module" data-testid={`cms-module-${module.number}`}>
              <p className="field">
                <label htmlFor={`${id}-title-${part}`}>{t('cms.outline.moduleTitle', { n: index + 1 })}</label>
                <input
                  id={`${id}-title-${part}`}
                  type="text"
                  maxLength={200}
                  value={titles[part] ?? ''}
                  onChange={(event) => setTitle(part, event.target.value)}
                />
              </p>
              <div className="cms-block-actions">
                <button type="button" className="secondary" disabled={index === 0} onClick={() => edit(moveModule(outline, index, -1))}>
                  ↑ <span className="visually-hidden">{t('cms.outline.moduleUp', { n: index + 1 })}</span>
                </button>
                <button type="button" className="secondary" disabled={index === outline.modules.length - 1} onClick={() => edit(moveModule(outline, index, 1))}>
                  ↓ <span className="visually-hidden">{t('cms.outline.moduleDown', { n: index + 1 })}</span>
                </button>
                <button type="button" className="secondary" disabled={outline.modules.length === 1} onClick={() => dropModule(module.number)}>
                  {t('cms.outline.moduleRemove', { n: index + 1 })}
                </button>
              </div>
              <ol className="cms-sessions">
                {module.sessions.map((session, position) => {
                  const sessionPart = `${module.number}.${session.number}`;
                  return (
                    <SessionRow
                      key={session.number}
                      id={`${id}-title-${sessionPart}`}
                      label={t('cms.outline.sessionTitle', { n: position + 1 })}
                      session={session}
                      title={titles[sessionPart] ?? ''}
                      locales={structure.locales}
                      learners={structure.learners[sessionPart] ?? 0}
                      first={position === 0}
                      last={position === module.sessions.length - 1}
                      onTitle={(title) => setTitle(sessionPart, title)}
                      // From the latest outline: a poster arrives after the video's own change, from an older render.
                      onChange={(change) => editLatest((current) => changeSession(current, module.number, session.number, change))}
                      onMove={(step) => edit(moveSession(outline, module.number, position, step))}
                      onRemove={() => dropSession(module.number, session.number)}
                      onOpenText={
                        onOpen &&
                        (saved.has(sessionPart)
                          ? () => onOpen({ kind: 'session', key: sessionKey(courseId, module.number, session.number) }, titles[sessionPart] ?? '')
                          : null)
                      }
                      t={t}
                      strings={strings}
                    />
                  );
                })}
              </ol>
              <p className="cms-block-add">
                {SESSION_KINDS.map((kind) => (
                  <button key={kind} type="button" className="secondary" onClick={() => newSession(module.number, kind)}>
                    {t(`cms.outline.add.${kind}`)}
                  </button>
                ))}
              </p>
            </li>
          );
        })}
      </ol>
      <p className="cms-block-add">
        <button type="button" className="secondary" onClick={newModule}>
          {t('cms.outline.addModule')}
        </button>
      </p>
      <p className="cms-actions">
        <button type="submit" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('cms.saving') : t('cms.outline.save')}
        </button>
        <button type="button" className="secondary" onClick={() => setReload((n) => n + 1)}>
          {t('cms.discard')}
        </button>
      </p>
      {status.kind === 'error' && (
        <p role="alert" className="error-text">
          {status.text}
        </p>
      )}
      {conflict && <ConflictNotice refused={conflict} onReload={askLoadLatest} t={t} />}
      <p role="status" className="cms-status" data-testid="cms-outline-status">
        {status.kind === 'saved' ? status.text : ''}
      </p>
      <ConfirmDialog asking={asking} onClose={() => setAsking(null)} t={t} />
      <VersionList versions={view.versions} onRestore={(versionId) => void restore(versionId)} busy={status.kind === 'saving'} t={t} formatDate={formatDate} />
    </form>
  );
}
