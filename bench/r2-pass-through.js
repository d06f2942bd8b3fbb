// The control of bench/media-ranges.mjs: the least a Worker can do to serve a byte range from R2
// (no session, no checks, no headers of ours), run by wrangler dev on the same local bucket, so the
// memory local R2 itself takes under the same load is seen apart from the Worker's.
export default {
  async fetch(request, env) {
    const key = new URL(request.url).pathname.slice('/media/'.length);
    const [, first, last] = /^bytes=(\d+)-(\d+)$/.exec(request.headers.get('range') ?? '') ?? [];
    if (first === undefined) return new Response('range required', { status: 416 });
    const offset = Number(first);
    const length = Number(last) - offset + 1;
    const object = await env.MEDIA.get(key, { range: { offset, length } });
    if (!object) return new Response('not found', { status: 404 });
    return new Response(object.body, {
      status: 206,
      headers: { 'content-length': String(length), 'content-range': `bytes ${offset}-${offset + length - 1}/${object.size}` },
    });
  },
};
