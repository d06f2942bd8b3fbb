/** The caller's address: Cloudflare sets CF-Connecting-IP at its edge (a client cannot forge it there). */
export function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip')?.slice(0, 64) ?? 'unknown';
}

/**
 * The key a client address is counted under: an IPv4 address whole, an IPv6 one by its /64, the
 * block one subscriber usually gets, whose other addresses cost an attacker nothing.
 */
export function addressKey(address: string): string {
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (v4 || !address.includes(':')) return v4?.[1] ?? address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const rest = tail ? tail.split(':') : [];
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
