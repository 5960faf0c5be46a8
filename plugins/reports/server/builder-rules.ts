/** Pure rules of the report builder (unit-tested without a database): properties merge, order, upload keys. */
import crypto from 'node:crypto';
import type { ComponentProperties } from '../shared/components';

export const MSG_STALE_TEMPLATE = 'This report template was changed by someone else; reload it and try again.';
export const MSG_ORDER = 'List every component of the current version exactly once.';
export const MSG_UNKNOWN_TYPE = 'Unknown component type: choose one from the component list.';
export const MSG_TYPE_NOT_ALLOWED = 'This component type is not available to your account.';
export const MSG_COMPONENT_NOT_FOUND = 'Component not found in the current version of this template';
export const MSG_NOT_AN_UPLOAD = 'Not a file uploaded for reports of this account; upload the file again.';
export const MSG_NOT_UPLOADED = 'The file was not uploaded; upload it again.';
export const MSG_WRONG_FILE = (accepted: string) => `This component takes ${accepted} files only.`;

/**
 * The stored properties with a patch applied: keys sent replace, a key sent as null is removed (except the id
 * properties, where null means "none" and is kept), `signedUrl` is never stored (an upload link expires).
 */
export function mergeProperties(
  stored: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (value === null && !/Id$|_id$/.test(key)) delete out[key];
    else out[key] = value;
  }
  delete out.signedUrl;
  return out;
}

/** Whether `keys` is every key of `current` exactly once. */
export function isCompleteOrder(keys: readonly string[], current: readonly string[]): boolean {
  return keys.length === current.length && new Set(keys).size === keys.length && current.every((k) => keys.includes(k));
}

/** Where a new component goes: the position asked (clamped to the end) or the end. */
export const insertPosition = (asked: number | undefined, count: number): number =>
  asked === undefined ? count : Math.min(Math.max(0, asked), count);

/** A new component key (kept across versions). */
export const newComponentKey = (): string => `c_${crypto.randomBytes(6).toString('hex')}`;

/** A file name made safe for a storage key (letters, digits, dot, dash, underscore; at most 80 characters). */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.{2,}/g, '.')
    .slice(-80);
  return cleaned || 'file';
}

/** The prefix of a tenant's report uploads: a key there is reachable only through this tenant's components. */
const uploadPrefix = (tenantId: number) => `tenants/${tenantId}/reports/uploads/`;

export const uploadKey = (tenantId: number, fileName: string): string =>
  `${uploadPrefix(tenantId)}${crypto.randomUUID()}/${safeFileName(fileName)}`;

/** Whether a key is one of this tenant's report uploads. */
export function isReportUploadKey(key: string, tenantId: number): boolean {
  return (
    new RegExp(`^tenants/${tenantId}/reports/uploads/[0-9a-f-]{36}/[A-Za-z0-9][A-Za-z0-9._-]*$`).test(key) &&
    !key.includes('..')
  );
}

const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

/** Whether a file name's extension fits its content type (photo.png as image/png). */
export function extensionFits(fileName: string, contentType: string): boolean {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return !!ext && (EXTENSIONS[contentType] ?? []).includes(ext);
}

/** The type's properties as stored: the common schema's output with the type's own on top. */
export const withOwn = (common: ComponentProperties, own: Record<string, unknown> | undefined): ComponentProperties =>
  own ? { ...common, ...own } : common;
