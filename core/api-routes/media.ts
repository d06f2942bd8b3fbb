import { z } from 'zod';
import {
  cancelledUpload,
  deletedMedia,
  mediaItem,
  mediaParams,
  mediaUpload,
  partBody,
  partParams,
  receivedPart,
  uploadParams,
  uploadStart,
} from '../contracts/media.ts';
import type { RouteContract } from './contract.ts';

/** CMS mode's media library and uploads in parts: functions/media/. */
export const MEDIA_ROUTES = {
  // CMS mode: the media library, and files uploaded in parts that resume after a dropped connection.
  getMediaLibrary: { method: 'GET', path: '/cms/media', auth: 'content:edit', response: z.array(mediaItem) },
  deleteMedia: { method: 'DELETE', path: '/cms/media/:key', auth: 'content:edit', request: { param: mediaParams }, response: deletedMedia },
  startUpload: { method: 'POST', path: '/cms/uploads', auth: 'content:edit', request: { json: uploadStart }, response: mediaUpload },
  getUploads: { method: 'GET', path: '/cms/uploads', auth: 'content:edit', response: z.array(mediaUpload) },
  getUpload: { method: 'GET', path: '/cms/uploads/:id', auth: 'content:edit', request: { param: uploadParams }, response: mediaUpload },
  cancelUpload: { method: 'DELETE', path: '/cms/uploads/:id', auth: 'content:edit', request: { param: uploadParams }, response: cancelledUpload },
  putUploadPart: {
    method: 'PUT',
    path: '/cms/uploads/:id/parts/:part',
    auth: 'content:edit',
    request: { param: partParams, bytes: partBody },
    response: receivedPart,
  },
  completeUpload: { method: 'POST', path: '/cms/uploads/:id/complete', auth: 'content:edit', request: { param: uploadParams }, response: mediaItem },
} as const satisfies Record<string, RouteContract>;
