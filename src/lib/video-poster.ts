/** Where in a video its poster is taken: a second in, or a tenth of a shorter one (past a black first frame). */
export function posterTime(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.min(1, durationSeconds / 10);
}

/** The poster's size: the video's own, at most 1280 px wide. */
export function posterSize(width: number, height: number): { width: number; height: number } {
  const scale = width > 1280 ? 1280 / width : 1;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

const once = (target: EventTarget, name: string) => new Promise<void>((resolve) => target.addEventListener(name, () => resolve(), { once: true }));

/**
 * A poster for a video the editor has just chosen, taken in the browser from the file itself (a
 * frame drawn on a canvas, as JPEG): the Worker has no video decoder. Null when the browser cannot
 * decode the file or takes over 10 s; the editor can still pick an image.
 */
export async function posterFrom(file: File): Promise<File | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.src = url;
  try {
    const failed = new Promise<null>((resolve) => {
      video.addEventListener('error', () => resolve(null), { once: true });
      setTimeout(() => resolve(null), 10_000);
    });
    const frame = (async () => {
      await once(video, 'loadeddata');
      video.currentTime = posterTime(video.duration);
      await once(video, 'seeked');
      const size = posterSize(video.videoWidth, video.videoHeight);
      if (size.width === 0 || size.height === 0) return null;
      const canvas = document.createElement('canvas');
      Object.assign(canvas, size);
      canvas.getContext('2d')?.drawImage(video, 0, 0, size.width, size.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      return blob && new File([blob], `${file.name.replace(/\.[^.]+$/, '')}-poster.jpg`, { type: 'image/jpeg' });
    })();
    return await Promise.race([frame, failed]);
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}
