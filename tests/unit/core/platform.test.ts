import { describe, expect, it } from 'vitest';
import { detectPlatform } from '../../../core/platform.ts';

describe('platform detection', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'windows'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'ios'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'macos'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'chromeos'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.19041', 'xbox'],
    ['Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15', 'playstation'],
    ['Mozilla/5.0 (Nintendo Switch; WifiWebAuthApplet) AppleWebKit/606.4 (KHTML, like Gecko) NF/6.0.1.15.4 NintendoBrowser/5.1.0.20393', 'switch'],
    ['curl/8.0', 'other'],
  ])('%s is %s', (ua, platform) => {
    expect(detectPlatform(ua)).toBe(platform);
  });

  it('answers the same for an agent it has seen, and keeps answering once strangers filled what it remembers', () => {
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(detectPlatform(windows)).toBe('windows');
    expect(detectPlatform(windows)).toBe('windows');
    for (let i = 0; i < 1200; i++) expect(detectPlatform(`Mozilla/5.0 (Linux; Android ${i}) Bot/${i}`)).toBe('android');
    expect(detectPlatform(windows)).toBe('windows');
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148')).toBe('ios');
  });

  it('parses an agent too long to keep each time, with the same answer', () => {
    const long = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${'X'.repeat(700)}`;
    expect(detectPlatform(long)).toBe('windows');
    expect(detectPlatform(long)).toBe('windows');
  });
});
