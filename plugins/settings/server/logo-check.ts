/**
 * What an uploaded logo must be, checked on the server from its bytes (the browser's type and the link's limits are
 * not trusted alone): a PNG or JPEG by its signature, at most LOGO_MAX_BYTES. Pure.
 */
import { LOGO_MAX_BYTES, MSG_LOGO_SIZE, MSG_LOGO_TYPE } from '../shared/api';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function sniffImageType(body: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const starts = (sig: number[]) => body.length >= sig.length && sig.every((b, i) => body[i] === b);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return null;
}

/** The refusal for an uploaded file, or null when it is an acceptable logo. */
export function logoRefusal(body: Uint8Array, declaredType: string): string | null {
  if (body.length === 0) return 'The file is empty.';
  if (body.length > LOGO_MAX_BYTES) return MSG_LOGO_SIZE;
  const type = sniffImageType(body);
  if (!type || type !== declaredType) return MSG_LOGO_TYPE;
  return null;
}
