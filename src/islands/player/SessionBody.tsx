import { Fragment, type ReactNode } from 'react';
import { linkHref, richDoc, type RichBlock, type RichDoc, type RichInline, type TableCell } from '../../../core/rich-text.ts';
import { MEDIA_URL } from '../../../core/session-body.ts';

/**
 * A session's text, drawn from its stored document through an allow-list: each node type the
 * contract knows becomes its element, with only the attributes we set; anything else draws
 * nothing. The server renders it the same way, so the text reads the same without scripts.
 */
export default function SessionBody({ body, tableLabel }: { body: string | RichDoc; tableLabel: string }) {
  return <Blocks nodes={richDoc(body).content} tableLabel={tableLabel} />;
}

function Blocks({ nodes, tableLabel }: { nodes: readonly RichBlock[]; tableLabel: string }) {
  return (
    <>
      {nodes.map((node, index) => (
        <Block key={index} node={node} tableLabel={tableLabel} />
      ))}
    </>
  );
}

function Block({ node, tableLabel }: { node: RichBlock; tableLabel: string }): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return (
        <p>
          <Inline nodes={node.content} />
        </p>
      );
    case 'heading': {
      const Heading = node.attrs.level === 3 ? 'h3' : 'h2';
      return (
        <Heading>
          <Inline nodes={node.content} />
        </Heading>
      );
    }
    case 'bulletList':
    case 'orderedList': {
      const items = node.content.map((item, index) => (
        <li key={index}>
          <Blocks nodes={item.content} tableLabel={tableLabel} />
        </li>
      ));
      const start = node.attrs?.start;
      return node.type === 'bulletList' ? <ul>{items}</ul> : <ol {...(start !== undefined && start !== 1 ? { start } : {})}>{items}</ol>;
    }
    case 'blockquote':
      return (
        <blockquote>
          <Blocks nodes={node.content} tableLabel={tableLabel} />
        </blockquote>
      );
    case 'image':
      return MEDIA_URL.test(node.attrs.src) ? <img src={node.attrs.src} alt={node.attrs.alt} loading="lazy" className="session-image" /> : null;
    case 'table':
      // A wide table scrolls inside its own box, which the keyboard can reach (WCAG 2.1.1).
      return (
        <div className="session-table" role="region" aria-label={tableLabel} tabIndex={0}>
          <table>
            <tbody>
              {node.content.map((row, index) => (
                <tr key={index}>
                  {row.content.map((cell, cellIndex) => (
                    <Cell key={cellIndex} cell={cell} tableLabel={tableLabel} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    default:
      return null;
  }
}

function Cell({ cell, tableLabel }: { cell: TableCell; tableLabel: string }) {
  const Tag = cell.type === 'tableHeader' ? 'th' : 'td';
  const { colspan, rowspan } = cell.attrs ?? {};
  return (
    <Tag {...(colspan && colspan > 1 ? { colSpan: colspan } : {})} {...(rowspan && rowspan > 1 ? { rowSpan: rowspan } : {})}>
      <Blocks nodes={cell.content.filter((child) => child.type !== 'table')} tableLabel={tableLabel} />
    </Tag>
  );
}

function Inline({ nodes = [] }: { nodes?: readonly RichInline[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        if (node.type === 'hardBreak') return <br key={index} />;
        if (node.type !== 'text') return null;
        let shown: ReactNode = node.text;
        const marks = node.marks ?? [];
        if (marks.some((mark) => mark.type === 'italic')) shown = <em>{shown}</em>;
        if (marks.some((mark) => mark.type === 'bold')) shown = <strong>{shown}</strong>;
        const href = linkHref(marks.find((mark) => mark.type === 'link'));
        return href ? (
          <a key={index} href={href} {...(href.startsWith('/') ? {} : { rel: 'noopener noreferrer external' })}>
            {shown}
          </a>
        ) : (
          <Fragment key={index}>{shown}</Fragment>
        );
      })}
    </>
  );
}
