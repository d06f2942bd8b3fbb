import UAParser from 'ua-parser-js';

/** The platforms a user agent is sorted into; 'other' when none applies. */
export const PLATFORMS = ['android', 'ios', 'xbox', 'switch', 'playstation', 'macos', 'windows', 'linux', 'chromeos'] as const;
export type Platform = (typeof PLATFORMS)[number] | 'other';

export function detectPlatform(userAgent: string): Platform {
  const parser = new UAParser(userAgent);
  const os = (parser.getOS().name ?? '').toLowerCase();
  const vendor = (parser.getDevice().vendor ?? '').toLowerCase();
  const model = (parser.getDevice().model ?? '').toLowerCase();
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
