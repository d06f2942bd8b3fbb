import type { R2Bucket, ReadableStream as R2Body } from '@cloudflare/workers-types';
import { unzipRaw, type Reader, type ZipEntry } from 'unzipit';
import { packageFileType } from '../../core/scorm/file-types.ts';
import type { ScormManifest } from '../../core/scorm/manifest.ts';
import { checkEntries, MANIFEST_NAME, type PackageRefusal } from '../../core/scorm/package-rules.ts';
import type { PackageRow } from '../data/scorm/packages.ts';
import { packageReader } from './package-reader.ts';
import { parseManifest } from './read-manifest.ts';

/** A checked package: its manifest and the entries to unpack. */
export interface InspectedPackage {
  ok: true;
  manifest: ScormManifest;
  entries: ZipEntry[];
}

/** Where a package's files are unpacked: its own prefix per unpacking, so a replacement never mixes with the files it replaces. */
export const packagePrefix = (mediaKey: string, unpack: string): string => `scorm/${mediaKey}/${unpack}/`;

/**
 * Checks a zip as a SCORM package, reading only its central directory and manifest (ranged reads
 * through `reader`): a zip at all, the entries' bounds and paths (core/scorm/package-rules.ts),
 * a well-formed manifest of SCORM 1.2 or 2004 3rd/4th edition whose launch files are in the zip.
 */
export async function inspectPackage(reader: Reader): Promise<InspectedPackage | PackageRefusal> {
  let entries: ZipEntry[];
  try {
    ({ entries } = await unzipRaw(reader));
  } catch {
    return { ok: false, problem: 'not-zip' };
  }
  const entriesVerdict = checkEntries(entries);
  if (!entriesVerdict.ok) return entriesVerdict;
  const manifestEntry = entries.find((entry) => entry.name === MANIFEST_NAME);
  if (!manifestEntry) return { ok: false, problem: 'no-manifest' };
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(await manifestEntry.arrayBuffer());
  } catch {
    return { ok: false, problem: 'manifest-invalid', detail: MANIFEST_NAME };
  }
  const files = new Set(entries.filter((entry) => !entry.isDirectory).map((entry) => entry.name));
  const manifest = parseManifest(xml.replace(/^\uFEFF/, ''), files);
  if ('ok' in manifest) return manifest;
  return { ok: true, manifest, entries };
}

/** How many entries stream to R2 at once: enough to overlap R2's latency, few enough to bound memory. */
const PARALLEL = 4;

/**
 * Unpacks every file of a checked package under `prefix`, each entry streamed from the zip
 * (inflated as it is read) into its own R2 object of known length: the Worker never holds the
 * zip, nor a large entry. An entry whose bytes are not the size its directory declared fails the
 * stream, and so the unpacking. Returns the files and bytes written.
 */
export async function unpackPackage(bucket: R2Bucket, entries: readonly ZipEntry[], prefix: string): Promise<{ files: number; bytes: number }> {
  const files = entries.filter((entry) => !entry.isDirectory);
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < files.length) {
      const entry = files[next++];
      if (!entry) break;
      const sized = new FixedLengthStream(entry.size);
      const body = await entry.stream();
      const piped = body.pipeTo(sized.writable as unknown as WritableStream<Uint8Array>);
      await Promise.all([
        bucket.put(`${prefix}${entry.name}`, sized.readable as unknown as R2Body, { httpMetadata: { contentType: packageFileType(entry.name) } }),
        piped,
      ]);
      bytes += entry.size;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker));
  return { files: files.length, bytes };
}

/** Deletes every object under a prefix (a refused or replaced unpacking), a thousand keys a call. */
export async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) });
    if (listing.objects.length) await bucket.delete(listing.objects.map((object) => object.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}

/** A package checked and unpacked under its new prefix, ready for its row; or why it was refused. */
export type PackageOutcome = { ok: true; row: Omit<PackageRow, 'siteId' | 'unpackedAt'> } | PackageRefusal;

/**
 * Checks the stored zip at `zipKey` and, if it is a sound package, unpacks it under
 * `packagePrefix(mediaKey, unpack)`. Anything unpacked is deleted again when the unpacking fails.
 */
export async function acceptPackage(bucket: R2Bucket, zipKey: string, size: number, mediaKey: string, unpack: string): Promise<PackageOutcome> {
  const inspected = await inspectPackage(packageReader(bucket, zipKey, size));
  if (!inspected.ok) return inspected;
  const prefix = packagePrefix(mediaKey, unpack);
  let unpacked: { files: number; bytes: number };
  try {
    unpacked = await unpackPackage(bucket, inspected.entries, prefix);
  } catch {
    // An entry whose data is not what the directory says (size, deflate stream).
    await deletePrefix(bucket, prefix);
    return { ok: false, problem: 'not-zip' };
  }
  const { manifest } = inspected;
  return {
    ok: true,
    row: { mediaKey, version: manifest.version, prefix, launch: manifest.items[0]?.launch ?? '', title: manifest.title, items: manifest.items, ...unpacked },
  };
}
