/** The caller's address: Cloudflare sets CF-Connecting-IP at its edge (a client cannot forge it there). */
export function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip')?.slice(0, 64) ?? 'unknown';
}
