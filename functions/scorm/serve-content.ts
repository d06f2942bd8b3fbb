import { parseByteRange } from '../../core/byte-range.ts';
import { CONTENT_RUNTIME_SCRIPT, ITEM_UNLOAD, ITEM_UNLOADED, fileAddress, parseContentAddress } from '../../core/scorm/content-address.ts';
import { isSafePath } from '../../core/scorm/package-rules.ts';
import { contentHeaders } from '../../core/security-headers.ts';
import { escapeHtml } from '../../core/escape-html.ts';
import { findDraftSessionPackage, findSessionPackage } from '../data/scorm/packages.ts';
import type { Env } from '../env.ts';
import { languageOf, message, type Language } from '../messages.ts';
import { verifyContentGrant, type ContentGrant } from './content-grant.ts';
import { scormMessage } from './messages.ts';
// scorm-again's content-frame half, as an ES module the runtime page imports from this origin.
import crossFrameApiModule from 'scorm-again/cross-frame-api/min?raw';

/** A package's files change only with a new unpacking (a new prefix): the browser may keep them a while. */
const PACKAGE_CACHE_CONTROL = 'private, max-age=300';
const RUNTIME_SCRIPT = crossFrameApiModule.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');

/** A plain-text refusal: the content origin answers nothing else, and frames nothing of it. */
function refusal(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { ...contentHeaders('refusal', "'none'"), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  });
}

/**
 * Everything the SCORM content origin answers (core/scorm/content-address.ts): an item's runtime
 * page, the cross-frame API's module, and a session package's files, each to the holder of a grant
 * the session page signed (functions/scorm/content-grant.ts); no cookie is read or set here, and
 * nothing of the site (pages, API, media) is served. Refusals are plain text in the grant's language.
 */
export async function serveContent(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refusal(405, message('methodNotAllowed', 'it', { method: request.method, path: url.pathname.slice(0, 200) }), { Allow: 'GET, HEAD' });
  }
  if (url.pathname === CONTENT_RUNTIME_SCRIPT) {
    return new Response(request.method === 'HEAD' ? null : RUNTIME_SCRIPT, {
      headers: { ...contentHeaders('file', "'none'"), 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    });
  }
  const address = parseContentAddress(url.pathname);
  const notFound = (language: Language) => refusal(404, scormMessage('packageFileNotFound', language, { path: url.pathname.slice(0, 200) }));
  if (!address || !isSafePath(address.file) || address.file.endsWith('/')) return notFound('it');
  const grant = await verifyContentGrant(env.SESSION_SECRET, address.grant, Math.floor(Date.now() / 1000));
  if (!grant) return refusal(403, scormMessage('contentGrantRefused', 'it'));
  const language = languageOf(grant.locale);
  if (address.kind === 'runtime') return runtimePage(grant, address.grant, address.file, url.search, language, request.method === 'HEAD');
  const found = grant.draft
    ? await findDraftSessionPackage(env.DB, grant.site, grant.course, grant.module, grant.session)
    : await findSessionPackage(env.DB, grant.site, grant.course, grant.module, grant.session);
  if (!found) return notFound(language);
  const key = `${found.prefix}${address.file}`;
  const head = await env.MEDIA.head(key);
  if (!head) return notFound(language);
  const range = parseByteRange(request.headers.get('range'), head.size);
  if (range === 'unsatisfiable')
    return refusal(416, message('rangeNotSatisfiable', language, { size: String(head.size) }), { 'Content-Range': `bytes */${head.size}` });
  const served = new Headers({
    ...contentHeaders('file', grant.platform),
    'Content-Type': head.httpMetadata?.contentType ?? 'application/octet-stream',
    // A draft's package may be replaced at any save, under the same address: the reviewer's browser asks again each time.
    'Cache-Control': grant.draft ? 'private, no-cache' : PACKAGE_CACHE_CONTROL,
    'Accept-Ranges': 'bytes',
    ETag: head.httpEtag,
    'Content-Length': String(range ? range.length : head.size),
  });
  if (range) served.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers: served });
  const object = await env.MEDIA.get(key, range ? { range } : {});
  if (!object) return notFound(language);
  return new Response(object.body as unknown as ReadableStream, { status, headers: served });
}

/** JSON for an inline script: nothing in it can close the script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The page the session page frames for one item: scorm-again's `CrossFrameAPI` as the package's
 * `API` (1.2) or `API_1484_11` (2004), talking to the session page's runtime by postMessage, its cache filled
 * with the learner's data before the item loads (a package reads its bookmark right after
 * initializing, synchronously), then the item itself in a frame beside it, where a SCO looks for
 * the API in its parent window. Only the package's version's API is there: a wrapper that finds
 * both (pipwerks', which eXeLearning and many others ship) takes `API_1484_11` first and talked
 * SCORM 2004 to a 1.2 runtime, so nothing a 1.2 package did was kept. A list's `_count` is answered from that cache, which holds every
 * element the package set: the facade answers a read from its cache and the flattened data it
 * caches has no counts, so a package reading `cmi.interactions._count` before each question it
 * records (Rustici's golf 2004) got "" and then the count before its last write.
 */
function runtimePage(grant: ContentGrant, token: string, launch: string, search: string, language: Language, head: boolean): Response {
  const nonce = crypto.randomUUID().replaceAll('-', '');
  const item = `${fileAddress(token, launch.split('/').map(encodeURIComponent).join('/'))}${search}`;
  const html = `<!doctype html>
<html lang="${grant.locale.replace(/[^A-Za-z-]/g, '')}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(scormMessage('contentFrameTitle', language))}</title>
<style nonce="${nonce}">html,body,iframe{margin:0;border:0;padding:0;width:100%;height:100%;display:block;overflow:hidden}</style>
</head>
<body>
<iframe id="sco" title="${escapeHtml(scormMessage('contentFrameTitle', language))}"></iframe>
<script type="module" nonce="${nonce}">
import { CrossFrameAPI } from '${CONTENT_RUNTIME_SCRIPT}';
const cross = new CrossFrameAPI(${scriptJson(grant.platform)}, window.parent, { timeout: 15000 });
const counted = (name) => {
  const prefix = name.slice(0, -'_count'.length);
  let count = 0;
  for (const key of cross._cache.keys()) {
    const index = key.startsWith(prefix) ? key.slice(prefix.length).split('.')[0] : '';
    if (/^\\d+$/.test(index)) count = Math.max(count, Number(index) + 1);
  }
  cross._lastError = '0';
  return String(count);
};
const api = new Proxy(cross, {
  get(target, name) {
    const method = target[name];
    if (name !== 'GetValue' && name !== 'LMSGetValue') return method;
    return (element) => (typeof element === 'string' && /\\.(objectives|interactions|correct_responses|comments_from_learner|comments_from_lms)\\._count$/.test(element) ? counted(element) : method(element));
  },
});
window.${grant.version === '1.2' ? 'API' : 'API_1484_11'} = api;
const warm = (all) => { for (const [name, value] of Object.entries(all ?? {})) cross._cache.set(name, String(value)); };
// The launch's part after '#' (an item's parameters may have one) never reaches the server: it is this page's own.
cross._post('getFlattenedCMI', []).then(warm, () => {}).finally(() => { document.getElementById('sco')?.setAttribute('src', ${scriptJson(item)} + location.hash); });
// Removed here, the item unloads at once in this page's own process, its unload handler's calls
// posted to the session page ahead of the answer; the session page removing this page instead
// lost them (the frame was gone before they arrived).
addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== ${scriptJson(grant.platform)} || event.data?.tilesScorm !== ${scriptJson(ITEM_UNLOAD)}) return;
  document.getElementById('sco')?.remove();
  window.parent.postMessage({ tilesScorm: ${scriptJson(ITEM_UNLOADED)} }, ${scriptJson(grant.platform)});
});
</script>
</body>
</html>
`;
  return new Response(head ? null : html, {
    headers: { ...contentHeaders('runtime', grant.platform, nonce), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
