/**
 * Uploads an img_file or msword_file file through a signed link: POST reportBuilder/uploads (type and size checked
 * by the server too), PUT the bytes to the link, then the caller saves fileKey, fileName and fileSelected.
 */
import {
  DOCX_CONTENT_TYPE,
  IMAGE_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  type UploadAnswer,
  type UploadBody,
} from '../shared/api';
import { builderApi } from './client';

export type UploadKind = 'image' | 'word';

export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/png,image/jpeg,image/gif',
  word: `${DOCX_CONTENT_TYPE},.docx`,
};

export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase();
  if (ext === 'docx') return DOCX_CONTENT_TYPE;
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'gif') return 'image/gif';
  return '';
}

/** Why the file cannot be used here (checked again by the server), or null. */
export function uploadRefusal(file: File, kind: UploadKind): string | null {
  const type = contentTypeOf(file);
  if (kind === 'image' && !(IMAGE_CONTENT_TYPES as readonly string[]).includes(type))
    return `${file.name}: choose a PNG, JPEG or GIF image`;
  if (kind === 'word' && type !== DOCX_CONTENT_TYPE) return `${file.name}: choose a Word document (.docx)`;
  if (file.size === 0) return `${file.name}: the file is empty`;
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name}: files up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

export async function uploadReportFile(tenantId: number, file: File): Promise<UploadAnswer> {
  const contentType = contentTypeOf(file) as UploadBody['contentType'];
  const link = await builderApi.upload(tenantId, { fileName: file.name, contentType, bytes: file.size });
  const res = await fetch(link.signedUrl, { method: 'PUT', headers: { 'Content-Type': contentType }, body: file });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(`${file.name}: ${answer?.error?.message ?? `upload failed (${res.status})`}`);
  }
  return link;
}
