import UAParser from 'ua-parser-js';

/** The platforms a user agent is sorted into; 'other' when none applies. */
export const PLATFORMS = ['android', 'ios', 'xbox', 'switch', 'playstation', 'macos', 'windows', 'linux', 'chromeos'] as const;
export type Platform = (typeof PLATFORMS)[number] | 'other';

/**
 * The platforms of user agents already parsed: every page hit names its browser's, and a parse
 * (ua-parser-js runs dozens of regular expressions) cost each hit about 0.25 ms of the Worker's
 * thread. Few browsers send most hits; when strangers' agents fill it, it starts again.
 */
const known = new Map<string, Platform>();
const KNOWN_AT_MOST = 500;

/** Longer agents (a header nothing else limits) are parsed each time rather than kept. */
const KEPT_AGENT_LENGTH = 512;

export function detectPlatform(userAgent: string): Platform {
  let platform = known.get(userAgent);
  if (platform === undefined) {
    platform = parsePlatform(userAgent);
    if (userAgent.length > KEPT_AGENT_LENGTH) return platform;
    if (known.size >= KNOWN_AT_MOST) known.clear();
    known.set(userAgent, platform);
  }
  return platform;
}

function parsePlatform(userAgent: string): Platform {
  const parser = new UAParser(userAgent);
  const os = (parser.getOS().name ?? '').toLowerCase();
  const device = parser.getDevice();
  const vendor = (device.vendor ?? '').toLowerCase();
  const model = (device.model ?? '').toLowerCase();
  // Consoles first: their user agents also name Windows or a generic OS.
  if (model.includes('xbox') || os.includes('xbox') || /xbox/i.test(userAgent)) return 'xbox';
  if (os.includes('playstation') || model.includes('playstation') || /playstation/i.test(userAgent)) return 'playstation';
  if (vendor === 'nintendo' || /nintendo switch/i.test(userAgent)) return 'switch';
  if (os === 'android') return 'android';
  if (os === 'ios') return 'ios';
  if (os.includes('chrom')) return 'chromeos';
  if (os === 'mac os' || os === 'macos') return 'macos';
  if (os === 'windows') return 'windows';
  if (['linux', 'ubuntu', 'debian', 'fedora', 'arch', 'mint', 'gentoo', 'suse', 'redhat', 'centos'].includes(os)) return 'linux';
  return 'other';
}
