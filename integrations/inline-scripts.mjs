// The inline scripts of a page, as a browser would parse them. A regular expression over the text
// found "<script" inside attribute values and text (a meta description an editor wrote), so one
// harmless field failed every later build; parse5 follows the HTML standard's tokenizer instead.
import { parse } from 'parse5';

function* elements(node) {
  for (const child of node.childNodes ?? []) {
    yield child;
    yield* elements(child);
  }
  // A template's content is a fragment of its own, still parsed and runnable once cloned.
  if (node.content) yield* elements(node.content);
}

// Data blocks (JSON-LD) are never run, so no script policy applies to them.
const DATA_TYPES = new Set(['application/ld+json', 'application/json']);

/** The text of every runnable <script> element without a src attribute, in document order. */
export function inlineScripts(html) {
  const scripts = [];
  for (const node of elements(parse(html))) {
    if (node.nodeName !== 'script' || node.attrs.some((attribute) => attribute.name === 'src')) continue;
    const type = node.attrs
      .find((attribute) => attribute.name === 'type')
      ?.value.trim()
      .toLowerCase();
    if (type && DATA_TYPES.has(type)) continue;
    scripts.push(node.childNodes.map((child) => child.value ?? '').join(''));
  }
  return scripts;
}
