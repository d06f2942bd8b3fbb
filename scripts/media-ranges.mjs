// Byte ranges for the media files `npm start` serves. Cloudflare's static assets answer a Range
// request with 206 Partial Content; wrangler's local asset server answers 200 with the whole file,
// and a browser cannot seek in a video served that way (its `seekable` range stays empty), so a
// video could not resume where the learner stopped. The local proxy answers ranges itself.
import http from 'node:http';

/** The byte range a Range header asks of a file of `size` bytes: `{ start, end }` (inclusive), 'unsatisfiable', or null for the whole file. */
export function parseRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start;
  let end;
  if (match[1] === '') {
    // The last N bytes.
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/** Serves a GET under /media/ from the upstream worker, honouring Range. */
export function serveMedia(request, response, upstreamPort) {
  const headers = { ...request.headers };
  delete headers.range;
  delete headers['if-range'];
  // Ranges count bytes of the file itself, never of a compressed copy.
  delete headers['accept-encoding'];
  const forward = http.request({ host: '127.0.0.1', port: upstreamPort, path: request.url, method: 'GET', headers }, (answer) => {
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      const copy = { ...answer.headers };
      delete copy['content-length'];
      delete copy['transfer-encoding'];
      if (answer.statusCode !== 200) {
        response.writeHead(answer.statusCode ?? 502, copy);
        return response.end(body);
      }
      const range = parseRange(request.headers.range, body.length);
      copy['accept-ranges'] = 'bytes';
      if (range === 'unsatisfiable') {
        response.writeHead(416, { ...copy, 'content-range': `bytes */${body.length}` });
        return response.end();
      }
      if (range === null) {
        response.writeHead(200, { ...copy, 'content-length': body.length });
        return response.end(body);
      }
      response.writeHead(206, { ...copy, 'content-range': `bytes ${range.start}-${range.end}/${body.length}`, 'content-length': range.end - range.start + 1 });
      response.end(body.subarray(range.start, range.end + 1));
    });
  });
  forward.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end('Bad gateway');
  });
  forward.end();
}
