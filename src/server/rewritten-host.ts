/**
 * True when the request's address names another host than the `Host` it was sent with. Locally,
 * Miniflare's entry takes a client's `MF-Original-URL` header as the request's address, and the
 * site makes e-mail links (password reset, confirmation) from that address: a stranger could send a
 * reset to a victim with a link to a host of theirs. On Cloudflare the two always agree.
 */
export function rewrittenHost(request: Request): boolean {
  const host = request.headers.get('host');
  if (host === null) return false;
  let sent: string;
  try {
    sent = new URL(`http://${host}`).hostname;
  } catch {
    return true;
  }
  return new URL(request.url).hostname !== sent;
}
