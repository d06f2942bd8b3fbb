import { ascii, startsWith } from './bytes.ts';
import { DOC_TYPE_ID, elementHeader } from './ebml.ts';
import type { MediaType } from './kinds.ts';

/** How much of a file's start tells its type. */
export const SNIFF_BYTES = 512;

/** What a file's first bytes say it is: one of our types, a type we name to refuse it, or null (unknown). */
export type SniffedType = MediaType | 'image/svg+xml' | 'video/quicktime' | 'video/3gpp' | 'video/x-matroska' | 'image/gif';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** A zip's first local file header (an empty zip, only its end record, is no package). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const BOM = [0xef, 0xbb, 0xbf];
const WEBVTT = /^WEBVTT(?:$|[ \t\r\n])/;

/**
 * The type a file's first bytes (at least `SNIFF_BYTES`, or the whole file) show, by the
 * signatures of the formats (MP4 `ftyp` box and its brand, WebM's EBML header and DocType, `%PDF-`,
 * the `WEBVTT` line, PNG, JPEG and RIFF/WEBP signatures, a zip's local header), never by a name.
 */
export function sniffType(head: Uint8Array): SniffedType | null {
  if (ascii(head, 4, 4) === 'ftyp') return mp4Family(ascii(head, 8, 4));
  if (startsWith(head, EBML)) return ebmlDocType(head);
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, ZIP)) return 'application/zip';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(startsWith(head, BOM) ? head.subarray(3) : head);
  if (WEBVTT.test(text)) return 'text/vtt';
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) return 'image/svg+xml';
  return null;
}

/** ISO base media files by major brand: QuickTime and 3GPP are their own types; M4V is Apple's MP4. */
function mp4Family(brand: string): SniffedType {
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand.startsWith('3g')) return 'video/3gpp';
  if (brand.startsWith('M4V')) return 'video/x-m4v';
  return 'video/mp4';
}

/** WebM and Matroska share EBML: the header's DocType tells them apart. */
function ebmlDocType(head: Uint8Array): SniffedType | null {
  const header = elementHeader(head, 0);
  if (!header || header.size === null) return null;
  const end = Math.min(head.length, header.headerLength + header.size);
  for (let offset = header.headerLength; offset < end;) {
    const child = elementHeader(head, offset);
    if (!child || child.size === null) return null;
    const content = offset + child.headerLength;
    if (child.id === DOC_TYPE_ID) {
      const docType = ascii(head, content, Math.min(child.size, 32)).replace(/\0+$/, '');
      return docType === 'webm' ? 'video/webm' : docType === 'matroska' ? 'video/x-matroska' : null;
    }
    offset = content + child.size;
  }
  return null;
}
