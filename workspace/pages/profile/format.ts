/** Masks a phone number but its last four digits (as the sign-in's SMS step shows it). Pure. */
export function maskedPhone(phone: string): string {
  return phone.length <= 4 ? '****' : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}
