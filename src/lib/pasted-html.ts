import { visibleText } from '../../core/plain-text.ts';
import { MEDIA_URL } from '../../core/session-body.ts';

/**
 * HTML pasted into a lesson, made ready for the editor's schema, which then keeps the structure
 * (headings, lists, tables, bold, italic, links) and drops every style. Word writes its lists as
 * paragraphs styled `mso-list:l0 level2`, with the bullet or number as text in a span marked
 * `mso-list:Ignore`: they become real lists, nested by level. Images pasted from elsewhere are
 * dropped (a lesson shows only the media library's), and so are the invisible characters Word and
 * Google Docs leave in text (soft hyphens, zero-width spaces), which a saved text may not hold.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const image of [...doc.querySelectorAll('img')]) {
    if (!MEDIA_URL.test(image.getAttribute('src') ?? '')) image.remove();
  }
  wordLists(doc);
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) node.nodeValue = visibleText(node.nodeValue ?? '');
  return doc.body.innerHTML;
}

const WORD_LIST = /mso-list:\s*l(\d+)\s+level(\d+)/i;
const MARKER = /mso-list:\s*ignore/i;

/** Word's list paragraphs (consecutive, at their levels) as `<ul>`/`<ol>` with `<li>`s. */
function wordLists(doc: Document): void {
  // Only a paragraph Word numbers (its style names the list): an indented one without is text under an item.
  const paragraphs = [...doc.querySelectorAll('p')].filter((p) => WORD_LIST.test(p.getAttribute('style') ?? ''));
  // Each run of consecutive paragraphs of one Word list is one list, nested as their levels say.
  let stack: { level: number; list: HTMLElement }[] = [];
  let expected: Element | null = null;
  let listId: string | null = null;
  for (const paragraph of paragraphs) {
    const [, id = '', depth = '1'] = WORD_LIST.exec(paragraph.getAttribute('style') ?? '') ?? [];
    const level = Number(depth);
    const marker = [...paragraph.querySelectorAll('span')].find((span) => MARKER.test(span.getAttribute('style') ?? ''));
    const ordered = /^\s*(\(?[0-9a-zA-Z]{1,4}[.)])/.test(marker?.textContent ?? '') && !/^\s*[·o§▪•-]\s*$/.test(marker?.textContent ?? '');
    marker?.remove();
    if (expected !== paragraph || id !== listId) stack = [];
    listId = id;
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) > level) stack.pop();
    let top = stack.at(-1);
    if (!top || top.level < level) {
      const list = doc.createElement(ordered ? 'ol' : 'ul');
      if (top) (top.list.lastElementChild ?? top.list).appendChild(list);
      else paragraph.parentNode?.insertBefore(list, paragraph);
      top = { level, list };
      stack.push(top);
    }
    const item = doc.createElement('li');
    while (paragraph.firstChild) item.appendChild(paragraph.firstChild);
    top.list.appendChild(item);
    expected = sibling(paragraph);
    paragraph.remove();
  }
}

/** The next element after a Word paragraph, skipping the empty text and comments between. */
function sibling(element: Element): Element | null {
  let next = element.nextSibling;
  while (next && (next.nodeType === Node.COMMENT_NODE || (next.nodeType === Node.TEXT_NODE && (next.textContent ?? '').trim() === ''))) next = next.nextSibling;
  return next instanceof Element ? next : null;
}
