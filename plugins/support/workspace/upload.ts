/** Uploads one file through a signed link: asks the server for the link (type and size checked), then PUTs the bytes. */
import { api } from '../../../workspace/sdk';
import { attachmentsPath, type UploadBody } from '../shared/api';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, MAX_ATTACHMENTS } from '../shared/rules';

export interface Uploaded {
  key: string;
  file_name: string;
}

/** The browser's idea of a file's type, with the extensions it sometimes leaves blank. */
export function fileType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase();
  return ext === 'csv' ? 'text/csv' : ext === 'txt' || ext === 'log' ? 'text/plain' : '';
}

/** A message when the file cannot be attached (checked again by the server), or null. */
export function fileRefusal(file: File): string | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(fileType(file)))
    return `${file.name}: this file type is not accepted (images, PDF, text, CSV, Word, Excel or ZIP)`;
  if (file.size === 0) return `${file.name}: the file is empty`;
  if (file.size > ATTACHMENT_MAX_BYTES) return `${file.name}: files up to ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/** The files chosen so far with the picked ones added, or why they cannot be (a refused file, too many). */
export function addPicked(current: readonly File[], picked: readonly File[]): { files: File[] } | { error: string } {
  const refusal = picked.map(fileRefusal).find((r) => r !== null);
  if (refusal) return { error: refusal };
  const files = [...current, ...picked];
  return files.length > MAX_ATTACHMENTS ? { error: `At most ${MAX_ATTACHMENTS} attachments` } : { files };
}

export async function uploadFile(tenantId: number, file: File): Promise<Uploaded> {
  const body: UploadBody = {
    file_name: file.name,
    content_type: fileType(file) as UploadBody['content_type'],
    size_bytes: file.size,
  };
  const link = await api.post<{ key: string; upload_url: string }>(attachmentsPath(tenantId), body);
  const res = await fetch(link.upload_url, {
    method: 'PUT',
    headers: { 'Content-Type': body.content_type },
    body: file,
  });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(`${file.name}: ${answer?.error?.message ?? `upload failed (${res.status})`}`);
  }
  return { key: link.key, file_name: file.name };
}
