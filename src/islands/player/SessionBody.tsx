import { inlineRuns, listItems, paragraphs, sessionBlocks, type SessionBlock } from '../../../core/session-body.ts';

/** A session's text: headings, paragraphs with their links, lists and images, in the page's flow. */
export default function SessionBody({ body }: { body: string }) {
  return (
    <>
      {sessionBlocks(body).map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </>
  );
}

function Block({ block }: { block: SessionBlock }) {
  switch (block.type) {
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'h3':
      return <h3>{block.text}</h3>;
    case 'ul':
    case 'ol': {
      const List = block.type;
      return (
        <List>
          {listItems(block.text).map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'img':
      return block.src ? <img src={block.src} alt={block.text} loading="lazy" className="session-image" /> : null;
    case 'p':
      return (
        <>
          {paragraphs(block.text).map((paragraph, index) => (
            <p key={index}>
              <Inline text={paragraph} />
            </p>
          ))}
        </>
      );
  }
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineRuns(text).map((run, index) =>
        'href' in run ? (
          <a key={index} href={run.href} {...(run.href.startsWith('/') ? {} : { rel: 'noopener noreferrer external' })}>
            {run.text}
          </a>
        ) : (
          <span key={index}>{run.text}</span>
        ),
      )}
    </>
  );
}
