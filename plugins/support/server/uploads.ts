/**
 * The files a request or a reply names: each key must be an unused upload of the tenant (upload links write
 * `tenants/<id>/support/uploads/<uuid>/<name>`), stored, and of an accepted type and size (checked again on what
 * was stored, whatever the link said). A refusal names the field (`body.attachments.<i>.key`).
 */
import { badRequest, type Kernel, type Trx } from '../../../kernel/index';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, isUploadKey } from '../shared/rules';
import { attachmentKeyUsed } from './store';

export interface CheckedFile {
  key: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export async function checkUploads(
  k: Kernel,
  db: Trx,
  tenantId: number,
  refs: readonly { key: string; file_name: string }[],
): Promise<CheckedFile[]> {
  const files: CheckedFile[] = [];
  for (const [i, a] of refs.entries()) {
    const path = `body.attachments.${i}.key`;
    const refuse = (message: string) => badRequest(message, [{ path, message }]);
    if (!isUploadKey(a.key, tenantId)) throw refuse('Not an upload of this tenant; upload the file again.');
    if (files.some((f) => f.key === a.key) || (await attachmentKeyUsed(db, a.key)))
      throw refuse('This file is already attached.');
    const stored = await k.storage.get(a.key);
    if (!stored) throw refuse('The file was not uploaded; upload it again.');
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(stored.contentType))
      throw refuse('This file type is not accepted.');
    if (stored.body.length > ATTACHMENT_MAX_BYTES) throw refuse('The file is too large.');
    files.push({ key: a.key, fileName: a.file_name, contentType: stored.contentType, sizeBytes: stored.body.length });
  }
  return files;
}
