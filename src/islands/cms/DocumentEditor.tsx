import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import ConflictNotice, { refusalOf, useFocusFirstField, type Refusal } from './ConflictNotice.tsx';
import type { DocumentKind } from '../../../core/cms-document.ts';
import { placeholders } from '../../../core/placeholders.ts';
import type { Draft, EditorView } from '../../../core/contracts/cms.ts';
import type { ApiClient, ApiJson } from '../../lib/api-client.ts';
import { apiUrl } from '../../lib/api-url.ts';
import { emptyFields, formValue, FORMS, missingField, toPayload, type BankQuestionForm, type Block, type FormFields } from '../../lib/cms-form.ts';
import type { RichDoc } from '../../../core/rich-text.ts';
import type { PageDocument } from '../../lib/cms-marker.ts';
import type { Translate } from '../../../core/translate.ts';
import { $drafts, $published, $unsaved, documentId, setUnsaved } from '../../stores/cms.ts';
import BlocksField from './BlocksField.tsx';
import ConfirmDialog, { type Confirmation } from './ConfirmDialog.tsx';
import QuestionsField from './QuestionsField.tsx';
import VersionList from './VersionList.tsx';
import { useLeaveWarning } from './use-leave-warning.ts';

// The rich-text editor (Tiptap and ProseMirror) is a chunk of its own, fetched when a session's text is opened.
const RichTextField = lazy(() => import('./rich/RichTextField.tsx'));

interface Props {
  document: PageDocument;
  locale: string;
  api: ApiClient;
  t: Translate;
  /** The panel's strings by key, for the media fields of a session's images. */
  strings: Record<string, string>;
  formatDate: (iso: string) => string;
}

type Status = { kind: 'idle' | 'saving' } | { kind: 'saved' | 'restored' | 'error'; text: string };

/** The draft or live text in the form; an empty body starts with one empty paragraph to type in. */
const formOf = (kind: DocumentKind, view: EditorView): FormFields => {
  const empty = emptyFields(kind);
  const stored = (view.draft?.fields ?? view.live ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    FORMS[kind].map((field) => {
      const value = formValue(field, stored[field.name]) ?? empty[field.name] ?? '';
      const blank = Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value.content.length === 0;
      return [field.name, blank ? (empty[field.name] ?? value) : value];
    }),
  ) as FormFields;
};

/** Edits one document in one locale: the draft (or live text), saved as a draft, with its history. */
export default function DocumentEditor({ document, locale, api, t, strings, formatDate }: Props) {
  const id = useId();
  const param = { kind: document.kind, locale, key: document.key };
  const path = apiUrl('/cms/documents/:kind/:locale/:key', { param });
  const draftId = documentId(document, locale);
  const [view, setView] = useState<EditorView | null>(null);
  const [fields, setFields] = useState<FormFields>(() => emptyFields(document.kind));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Someone saved the document since it was loaded here, and a save was refused: shown until the next load or save.
  const [conflict, setConflict] = useState<Refusal | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstField = useFocusFirstField(form);
  const published = useStore($published);
  useLeaveWarning(useStore($unsaved)[draftId] !== undefined);

  const show = (loaded: EditorView) => {
    setView(loaded);
    setFields(formOf(document.kind, loaded));
    setUnsaved(draftId, null);
    setConflict(null);
  };
  const publishDraftList = (draft: Draft | null) => {
    const others = $drafts.get().filter((entry) => documentId(entry, entry.locale) !== draftId);
    $drafts.set(draft ? [draft, ...others] : others);
  };

  // Loaded again for another document (its path) or after a publish only, with that render's helpers.
  const latest = useRef({ api, param, show, t, draftId });
  latest.current = { api, param, show, t, draftId };
  useEffect(() => {
    const { api, param, show, t, draftId } = latest.current;
    let current = true;
    setView(null);
    api
      .get('/cms/documents/:kind/:locale/:key', { param })
      .then((loaded) => current && show(loaded))
      .catch((error: Error) => current && setStatus({ kind: 'error', text: t('cms.error', { message: error.message }) }));
    return () => {
      current = false;
      setUnsaved(draftId, null);
    };
  }, [path, published]);

  const change = (name: string, value: FormFields[string]) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    setStatus({ kind: 'idle' });
    setUnsaved(draftId, { kind: document.kind, key: document.key, fields: toPayload(document.kind, next) });
  };

  /**
   * A save, discard or restore refused (409: someone saved the text since it was loaded here) leaves
   * the form as it is, unsaved, and says so: the editor decides whether to load the other text.
   */
  const failed = (error: unknown, action: Refusal) => {
    const refused = refusalOf(error, action);
    setConflict(refused);
    setStatus(refused ? { kind: 'idle' } : { kind: 'error', text: t('cms.error', { message: (error as Error).message }) });
  };

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    const missing = missingField(document.kind, fields);
    if (missing) {
      setStatus({ kind: 'error', text: t('cms.required', { field: t(`cms.field.${missing}`) }) });
      globalThis.document.getElementById(`${id}-${missing}`)?.focus();
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      const saved = await api.put('/cms/documents/:kind/:locale/:key', {
        param,
        // The form's fields of this kind (FORMS[kind]): the server checks them against the kind's contract.
        json: toPayload(document.kind, fields) as ApiJson<'PUT', '/cms/documents/:kind/:locale/:key'>,
        // The text this editor started from: refused (409) if someone saved over it since.
        headers: view ? { 'if-match': `"${view.revision}"` } : {},
      });
      show(saved);
      publishDraftList(saved.draft);
      setStatus({ kind: 'saved', text: t('cms.saved') });
    } catch (error) {
      failed(error, 'save');
    }
  };

  const loadLatest = async () => {
    setStatus({ kind: 'saving' });
    try {
      const loaded = await api.get('/cms/documents/:kind/:locale/:key', { param });
      show(loaded);
      publishDraftList(loaded.draft);
      setStatus({ kind: 'restored', text: t('cms.conflictReloaded') });
      focusFirstField();
    } catch (error) {
      setStatus({ kind: 'error', text: t('cms.error', { message: (error as Error).message }) });
    }
  };
  const askLoadLatest = () => setAsking({ message: t('cms.conflictConfirm'), action: t('cms.conflictReload'), onConfirm: () => void loadLatest() });

  /**
   * Restoring a version and dropping the draft both answer with the new editor view. Both name the
   * text this editor started from: refused (409) if someone saved over it since, leaving the form as it is.
   */
  const replaceDraft = async (request: (headers: Record<string, string>) => Promise<EditorView>, done: string) => {
    setStatus({ kind: 'saving' });
    try {
      const next = await request(view ? { 'if-match': `"${view.revision}"` } : {});
      show(next);
      publishDraftList(next.draft);
      setStatus({ kind: 'restored', text: done });
    } catch (error) {
      failed(error, 'replace');
    }
  };
  const restore = (versionId: number) =>
    replaceDraft((headers) => api.post('/cms/versions/:id/revert', { param: { id: versionId }, headers }), t('cms.restored'));
  const discard = () => replaceDraft((headers) => api.delete('/cms/documents/:kind/:locale/:key', { param, headers }), t('cms.discarded'));

  if (!view) {
    return status.kind === 'error' ? (
      <p role="alert" className="error-text">
        {status.text}
      </p>
    ) : (
      <p className="muted">{t('cms.panel.loading')}</p>
    );
  }
  const livePlaceholders = document.kind === 'boilerplate' && view.live ? placeholders((view.live as { text: string }).text) : [];
  return (
    <form ref={form} className="cms-editor" onSubmit={(event) => void save(event)} noValidate data-testid={`cms-editor-${document.kind}-${document.key}`}>
      <p className="muted" data-testid="cms-draft-state">
        {view.draft ? t('cms.draftBy', { author: view.draft.author, date: formatDate(view.draft.updatedAt) }) : view.live ? t('cms.liveOnly') : t('cms.new')}
      </p>
      {FORMS[document.kind].map((field) => {
        const value = fields[field.name];
        const fieldId = `${id}-${field.name}`;
        if (field.input === 'questions') {
          return (
            <QuestionsField
              key={field.name}
              id={fieldId}
              label={t(`cms.field.${field.name}`)}
              questions={(value ?? []) as BankQuestionForm[]}
              onChange={(questions) => change(field.name, questions)}
              t={t}
            />
          );
        }
        if (field.input === 'rich') {
          return (
            <Suspense key={field.name} fallback={<p className="muted">{t('cms.panel.loading')}</p>}>
              <RichTextField
                id={fieldId}
                label={t(`cms.field.${field.name}`)}
                value={value as RichDoc}
                onChange={(doc) => change(field.name, doc)}
                locale={locale}
                strings={strings}
              />
            </Suspense>
          );
        }
        if (Array.isArray(value)) {
          return (
            <BlocksField
              key={field.name}
              id={fieldId}
              label={t(`cms.field.${field.name}`)}
              blocks={value as Block[]}
              onChange={(blocks) => change(field.name, blocks)}
              t={t}
            />
          );
        }
        const common = {
          id: fieldId,
          value: typeof value === 'string' ? value : '',
          maxLength: field.max,
          required: field.required,
          'aria-required': field.required,
          onChange: (event: { target: { value: string } }) => change(field.name, event.target.value),
        };
        return (
          <p key={field.name} className="field">
            <label htmlFor={fieldId}>{t(`cms.field.${field.name}`)}</label>
            {field.input === 'line' ? <input type="text" {...common} /> : <textarea rows={field.max > 500 ? 6 : 3} {...common} />}
          </p>
        );
      })}
      {livePlaceholders.length > 0 && <p className="hint">{t('cms.placeholders', { names: livePlaceholders.map((name) => `{${name}}`).join(', ') })}</p>}
      <p className="cms-actions">
        <button type="submit" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('cms.saving') : t('cms.save')}
        </button>
        <button type="button" className="secondary" onClick={() => (show(view), setStatus({ kind: 'idle' }))}>
          {t('cms.discard')}
        </button>
        {view.draft && (
          <button type="button" className="secondary" disabled={status.kind === 'saving'} onClick={() => void discard()}>
            {t('cms.deleteDraft')}
          </button>
        )}
      </p>
      {status.kind === 'error' && (
        <p role="alert" className="error-text">
          {status.text}
        </p>
      )}
      {conflict && <ConflictNotice refused={conflict} onReload={askLoadLatest} t={t} />}
      <p role="status" className="cms-status">
        {status.kind === 'saved' || status.kind === 'restored' ? status.text : ''}
      </p>
      <ConfirmDialog asking={asking} onClose={() => setAsking(null)} t={t} />
      <VersionList versions={view.versions} onRestore={(versionId) => void restore(versionId)} busy={status.kind === 'saving'} t={t} formatDate={formatDate} />
    </form>
  );
}
