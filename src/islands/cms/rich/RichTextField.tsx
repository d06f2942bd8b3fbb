import { Slice } from '@tiptap/pm/model';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { visibleText } from '../../../../core/plain-text.ts';
import type { RichDoc } from '../../../../core/rich-text.ts';
import { translator } from '../../../../core/translate.ts';
import { cleanPastedHtml } from '../../../lib/pasted-html.ts';
import { usePageContext } from '../use-page-context.ts';
import LinkDialog from './LinkDialog.tsx';
import MediaDialog from './MediaDialog.tsx';
import { RICH_EXTENSIONS } from './rich-extensions.ts';
import RichToolbar, { type RichDialogKind } from './RichToolbar.tsx';
import { useLinkTargets } from './use-link-targets.ts';
import { usePageApi } from '../use-page-api.ts';

/**
 * A pasted slice that starts with a list, a table, a heading or a quote keeps it: ProseMirror
 * opens a pasted slice as far as it can, which would pour the first list item into the paragraph
 * at the cursor; closed at its start, the block comes in whole after that paragraph's text.
 */
function closedStart(slice: Slice): Slice {
  const first = slice.content.firstChild;
  return slice.openStart > 0 && first && first.type.name !== 'paragraph' ? new Slice(slice.content, 0, slice.openEnd) : slice;
}

export interface RichTextFieldProps {
  id: string;
  label: string;
  value: RichDoc;
  onChange: (doc: RichDoc) => void;
  /** The locale of the text: links are offered to the site's pages and sessions in it. */
  locale: string;
  /** The panel's strings by key (`cms.rich.*`, and `cms.media.*` for the library). */
  strings: Record<string, string>;
}

/**
 * A lesson's text in a rich-text editor (Tiptap): headings, bold and italic, lists, quotes,
 * tables, links (typed, or picked from the site's pages and sessions), images and files from the
 * media library. Paste from Word or Google Docs keeps the structure and drops the styles. Loaded
 * only where an editor writes a session (its own chunk), never on learners' pages.
 */
export default function RichTextField({ id, label, value, onChange, locale, strings }: RichTextFieldProps) {
  const t = useMemo(() => translator(strings), [strings]);
  const context = usePageContext();
  const api = usePageApi(context);
  const [dialog, setDialog] = useState<RichDialogKind | null>(null);
  const targets = useLinkTargets(api, locale);
  const changed = useRef(onChange);
  changed.current = onChange;
  // The document the editor holds: its own (the first, or the last it sent up), so that only another one is loaded into it.
  const held = useRef<RichDoc>(value);
  const editor = useEditor({
    extensions: RICH_EXTENSIONS,
    content: value,
    // Drawn in the browser only: the server sends the form's fallback, never the editor.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': `${id}-hint`,
        class: 'rich-text-input',
      },
      transformPastedHTML: cleanPastedHtml,
      transformPasted: closedStart,
      transformPastedText: visibleText,
    },
    onUpdate: ({ editor: current }) => {
      held.current = current.getJSON() as RichDoc;
      changed.current(held.current);
    },
  });

  // Another document loaded into the same field (a restored version, a dropped draft): shown as it
  // is, not as a step to undo.
  useEffect(() => {
    if (!editor || value === held.current) return;
    held.current = value;
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  const close = () => {
    setDialog(null);
    editor?.commands.focus();
  };
  /** Whether a link goes on words already there (selected, or the link at the cursor) rather than on words of its own. */
  const onWords = (): boolean => {
    if (!editor) return false;
    const { from, to } = editor.state.selection;
    return editor.isActive('link') || editor.state.doc.textBetween(from, to).trim() !== '';
  };
  const insertLinked = (href: string, text: string) => {
    if (!editor) return;
    if (onWords()) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    // After the selection (an image just placed, say), never over it.
    else
      editor
        .chain()
        .focus()
        .setTextSelection(editor.state.selection.to)
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    setDialog(null);
  };

  return (
    <div className="rich-text-field" data-testid="rich-text-field">
      <span className="rich-text-label" id={`${id}-label`}>
        {label}
      </span>
      {editor ? (
        <>
          <RichToolbar editor={editor} label={t('cms.rich.toolbar')} onDialog={setDialog} t={t} />
          <EditorContent editor={editor} />
        </>
      ) : (
        <p className="muted">{t('cms.panel.loading')}</p>
      )}
      <p className="hint" id={`${id}-hint`}>
        {t('cms.rich.hint')}
      </p>
      {editor && dialog === 'link' && (
        <LinkDialog
          href={String(editor.getAttributes('link').href ?? '')}
          needsText={!onWords()}
          targets={targets}
          onApply={insertLinked}
          onClose={close}
          t={t}
        />
      )}
      {editor && (dialog === 'image' || dialog === 'file') && (
        <MediaDialog
          kind={dialog}
          strings={strings}
          t={t}
          onClose={close}
          onApply={(src, text) => {
            if (dialog === 'image') editor.chain().focus().setImage({ src, alt: text }).run();
            else insertLinked(src, text);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
