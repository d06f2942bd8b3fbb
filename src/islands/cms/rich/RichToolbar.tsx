import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Translate } from '../../../../core/translate.ts';

export type RichDialogKind = 'link' | 'image' | 'file';

interface Props {
  editor: Editor;
  label: string;
  onDialog: (kind: RichDialogKind) => void;
  t: Translate;
}

interface Tool {
  key: string;
  /** Whether the tool is on where the cursor is (a toggle, announced as pressed); undefined for an action. */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

/**
 * The editor's tools as a WAI-ARIA toolbar: one tab stop, arrow keys (and Home, End) move between
 * the buttons, toggles say whether they are on. Table tools show while the cursor is in a table.
 */
export default function RichToolbar({ editor, label, onDialog, t }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  // The toolbar's one tab stop: the tool last moved to, or the first that can be used.
  const [current, setCurrent] = useState('h2');
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      table: current.isActive('table'),
      undo: current.can().undo(),
      redo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { key: 'h2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', active: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'bulletList', active: state.bulletList, run: () => chain().toggleBulletList().run() },
    { key: 'orderedList', active: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'quote', active: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'link', active: state.link, run: () => onDialog('link') },
    { key: 'unlink', disabled: !state.link, run: () => chain().extendMarkRange('link').unsetLink().run() },
    { key: 'image', run: () => onDialog('image') },
    { key: 'file', run: () => onDialog('file') },
    // A table in a table is no lesson's structure (the document's contract refuses it).
    { key: 'table', disabled: state.table, run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    ...(state.table
      ? [
          { key: 'addRow', run: () => chain().addRowAfter().run() },
          { key: 'addColumn', run: () => chain().addColumnAfter().run() },
          { key: 'deleteRow', run: () => chain().deleteRow().run() },
          { key: 'deleteColumn', run: () => chain().deleteColumn().run() },
          { key: 'deleteTable', run: () => chain().deleteTable().run() },
        ]
      : []),
    { key: 'undo', disabled: !state.undo, run: () => chain().undo().run() },
    { key: 'redo', disabled: !state.redo, run: () => chain().redo().run() },
  ];

  const usable = tools.filter((tool) => !tool.disabled);
  const stop = usable.find((tool) => tool.key === current)?.key ?? usable[0]?.key;
  const move = (event: KeyboardEvent) => {
    const at = usable.findIndex((tool) => tool.key === stop);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: usable.length - 1 }[event.key];
    if (next === undefined || at < 0) return;
    event.preventDefault();
    const target = usable[(next + usable.length) % usable.length];
    if (!target) return;
    setCurrent(target.key);
    bar.current?.querySelector<HTMLButtonElement>(`[data-tool="${target.key}"]`)?.focus();
  };

  return (
    <div ref={bar} role="toolbar" aria-label={label} className="rich-toolbar" onKeyDown={move}>
      {tools.map((tool) => (
        <button
          key={tool.key}
          type="button"
          className="secondary"
          data-tool={tool.key}
          tabIndex={tool.key === stop ? 0 : -1}
          aria-pressed={tool.active}
          disabled={tool.disabled}
          // Keeps the text's selection: the tool acts on it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={tool.run}
        >
          {t(`cms.rich.${tool.key}`)}
        </button>
      ))}
    </div>
  );
}
