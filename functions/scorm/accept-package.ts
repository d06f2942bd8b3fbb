import type { R2Bucket, ReadableStream as R2Body } from '@cloudflare/workers-types';
import { UNPACKED_PACKAGE_PREFIX } from '../../core/media/kinds.ts';
import { unzipRaw, type Reader, type ZipEntry } from 'unzipit';
import { packageFileType } from '../../core/scorm/file-types.ts';
import type { ScormManifest } from '../../core/scorm/manifest.ts';
import { checkEntries, entryKind, MANIFEST_NAME, MAX_UNPACKED_BYTES, type PackageRefusal } from '../../core/scorm/package-rules.ts';
import type { PackageRow } from '../data/scorm/packages.ts';
import { packageReader } from './package-reader.ts';
import { parseManifest } from './read-manifest.ts';

/** A checked package: its manifest and the files to unpack (its folders are not objects). */
export interface InspectedPackage {
  ok: true;
  manifest: ScormManifest;
  files: ZipEntry[];
}

/** Where a package's files are unpacked: its own prefix per unpacking, so a replacement never mixes with the files it replaces. */
export const packagePrefix = (mediaKey: string, unpack: string): string => `${UNPACKED_PACKAGE_PREFIX}${mediaKey}/${unpack}/`;

/**
 * Checks a zip as a SCORM package, reading only its central directory and manifest (ranged reads
 * through `reader`): a zip at all, the entries' bounds, kinds, names and paths
 * (core/scorm/package-rules.ts), a well-formed manifest of SCORM 1.2 or 2004 3rd/4th edition whose
 * launch files are in the zip.
 */
export async function inspectPackage(reader: Reader): Promise<InspectedPackage | PackageRefusal> {
  let entries: ZipEntry[];
  try {
    ({ entries } = await unzipRaw(reader));
  } catch {
    return { ok: false, problem: 'not-zip' };
  }
  const entriesVerdict = checkEntries(entries, await reader.getLength());
  if (!entriesVerdict.ok) return entriesVerdict;
  const manifestEntry = entries.find((entry) => entry.name === MANIFEST_NAME);
  if (!manifestEntry) return { ok: false, problem: 'no-manifest' };
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(await manifestEntry.arrayBuffer());
  } catch {
    return { ok: false, problem: 'manifest-invalid' };
  }
  const files = entries.filter((entry) => entryKind(entry) === 'file');
  const manifest = parseManifest(xml.replace(/^\uFEFF/, ''), new Set(files.map((entry) => entry.name)));
  if ('ok' in manifest) return manifest;
  return { ok: true, manifest, files };
}

/** How many entries stream to R2 at once: enough to overlap R2's latency, few enough to bound memory. */
const PARALLEL = 4;

/** Unpacking stopped by the package's own bytes, not by R2: the refusal to tell. */
export class UnpackRefused extends Error {
  readonly refusal: PackageRefusal;

  // No parameter property: the seed imports this file under Node's type stripping.
  constructor(refusal: PackageRefusal) {
    super(`package refused while unpacking: ${refusal.problem} ${refusal.detail ?? ''}`);
    this.refusal = refusal;
  }
}

/**
 * An entry's inflated bytes, counted as they pass: the stream fails as soon as the entry gives
 * more than its directory declared (or, at its end, fewer), or the package's bytes so far pass
 * MAX_UNPACKED_BYTES, so a directory that lies about its sizes is stopped at the first chunk past
 * its word. Reading or inflating errors (a broken deflate stream, the library's own size check)
 * are the package's too.
 */
function counted(entry: ZipEntry, body: ReadableStream<Uint8Array>, total: { bytes: number }, stop: AbortSignal, refuse: (refusal: PackageRefusal) => Error) {
  const reader = body.getReader();
  let produced = 0;
  // The zip's stream (a ranged R2 read, an inflater) is let go whenever this one stops early.
  const letGo = (error: Error) => {
    reader.cancel(error).catch(() => undefined);
    return error;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Another entry failed: this one stops at its next chunk (the caller waits for it before cleaning up).
        if (stop.aborted) throw letGo(new Error('unpacking stopped'));
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          throw refuse({ ok: false, problem: 'entry-data', detail: entry.name });
        }
        if (chunk.done) {
          if (produced !== entry.size) throw refuse({ ok: false, problem: 'entry-data', detail: entry.name });
          controller.close();
          return;
        }
        produced += chunk.value.byteLength;
        total.bytes += chunk.value.byteLength;
        if (produced > entry.size) throw letGo(refuse({ ok: false, problem: 'entry-data', detail: entry.name }));
        if (total.bytes > MAX_UNPACKED_BYTES) throw letGo(refuse({ ok: false, problem: 'too-large-unpacked' }));
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * Unpacks every file of a checked package under `prefix`, each entry streamed from the zip
 * (inflated as it is read, its bytes counted) into its own R2 object of known length: the Worker
 * never holds the zip, nor a large entry. The first entry that fails stops the others (each at
 * its next chunk, and no new one starts) and is thrown once every stream has settled, so the
 * caller's clean-up runs after the last write: an `UnpackRefused` when the package's bytes are not
 * what its directory said, R2's own error otherwise. Returns the files and bytes written.
 */
export async function unpackPackage(bucket: R2Bucket, files: readonly ZipEntry[], prefix: string): Promise<{ files: number; bytes: number }> {
  const stop = new AbortController();
  const total = { bytes: 0 };
  const outcome: { refused: PackageRefusal | null; failure: unknown } = { refused: null, failure: null };
  const refuse = (refusal: PackageRefusal): Error => {
    outcome.refused ??= refusal;
    return new UnpackRefused(refusal);
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length && !stop.signal.aborted) {
      const entry = files[next++];
      if (!entry) break;
      try {
        let source: ReadableStream<Uint8Array>;
        try {
          source = await entry.stream();
        } catch {
          // A compression method other than stored or deflated, a broken local header.
          throw refuse({ ok: false, problem: 'entry-data', detail: entry.name });
        }
        const sized = new FixedLengthStream(entry.size);
        const piped = counted(entry, source, total, stop.signal, refuse).pipeTo(sized.writable as unknown as WritableStream<Uint8Array>);
        // Both settle before the next entry or the caller's clean-up: no write is still under way after a failure.
        const [put, pipe] = await Promise.allSettled([
          bucket.put(`${prefix}${entry.name}`, sized.readable as unknown as R2Body, { httpMetadata: { contentType: packageFileType(entry.name) } }),
          piped,
        ]);
        if (pipe.status === 'rejected') throw pipe.reason;
        if (put.status === 'rejected') throw put.reason;
      } catch (error) {
        outcome.failure ??= error;
        stop.abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker));
  if (outcome.refused) throw new UnpackRefused(outcome.refused);
  if (outcome.failure) throw outcome.failure;
  return { files: files.length, bytes: total.bytes };
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
export type PackageOutcome = { ok: true; row: Omit<PackageRow, 'siteId' | 'unpackedAt'>; seconds: number | null } | PackageRefusal;

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
    unpacked = await unpackPackage(bucket, inspected.files, prefix);
  } catch (error) {
    // Nothing half-written stays: every stream has settled, so this deletes the last object written.
    await deletePrefix(bucket, prefix);
    if (error instanceof UnpackRefused) return error.refusal;
    throw error;
  }
  const { manifest } = inspected;
  return {
    ok: true,
    row: { mediaKey, version: manifest.version, prefix, launch: manifest.items[0]?.launch ?? '', title: manifest.title, items: manifest.items, ...unpacked },
    // How long the manifest says it takes: the package's duration in the library, proposed for its session.
    seconds: manifest.seconds,
  };
}
