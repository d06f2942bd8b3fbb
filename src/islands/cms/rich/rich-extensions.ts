import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { HEADING_LEVELS } from '../../../../core/rich-text.ts';
import { isSafeHref } from '../../../../core/session-body.ts';

/**
 * The editor's schema: exactly the nodes and marks a lesson's document may hold
 * (`core/rich-text.ts`), so that what an editor makes, types or pastes is what the server takes.
 * Whatever else a paste brings (styles, fonts, colours, code, strike-through) has no node to become.
 */
export const RICH_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    // Without autolink the link mark is not inclusive: what is typed after a link is plain text.
    link: { openOnClick: false, autolink: false, defaultProtocol: 'https', isAllowedUri: (url) => isSafeHref(url) },
  }),
  Image.configure({ inline: false, allowBase64: false }),
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];
