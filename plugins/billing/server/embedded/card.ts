/**
 * Card checks of the embedded checkout page, pure: cardholder name, card number (Luhn), expiry MM/YY not in
 * the past, CVC. Test cards (README): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined
 * ('Your card was declined.'); 4000 0000 0000 9995 has insufficient funds. Only brand, last 4 digits, expiry
 * and holder leave this module: never the number or the CVC.
 */

export const MSG_CARD_DECLINED = 'Your card was declined.';
const MSG_INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
const DECLINED_CARD = '4000000000000002';
const INSUFFICIENT_FUNDS_CARD = '4000000000009995';

export interface CardInput {
  name?: string;
  number?: string;
  expiry?: string;
  cvc?: string;
}
interface StoredCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}
export type CardField = 'name' | 'number' | 'expiry' | 'cvc';
type CardResult =
  { ok: true; card: StoredCard } | { ok: false; errors: Partial<Record<CardField, string>>; declined?: string };

export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Validates the form; `now` decides whether the expiry is in the past (a card is valid through its expiry month). */
export function checkCard(input: CardInput, now: Date = new Date()): CardResult {
  const errors: Partial<Record<CardField, string>> = {};
  const name = (input.name ?? '').trim();
  if (!name) errors.name = 'Enter the name on the card.';
  else if (name.length > 80) errors.name = 'The name on the card must be at most 80 characters.';

  const digits = (input.number ?? '').replace(/[\s-]/g, '');
  if (!digits) errors.number = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.number = 'Your card number is invalid.';

  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry ?? '');
  let expMonth = 0;
  let expYear = 0;
  if (!(input.expiry ?? '').trim()) errors.expiry = 'Enter the expiry date (MM/YY).';
  else if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    expMonth = Number(exp[1]);
    expYear = 2000 + Number(exp[2]);
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth() + 1;
    if (expYear < y || (expYear === y && expMonth < m)) errors.expiry = "Your card's expiry date is in the past.";
  }

  const cvc = (input.cvc ?? '').trim();
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!cvc) errors.cvc = 'Enter the security code (CVC).';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = `The security code must be ${cvcLength} digits.`;

  if (Object.keys(errors).length) return { ok: false, errors };
  if (digits === DECLINED_CARD)
    return { ok: false, errors: { number: MSG_CARD_DECLINED }, declined: MSG_CARD_DECLINED };
  if (digits === INSUFFICIENT_FUNDS_CARD)
    return { ok: false, errors: { number: MSG_INSUFFICIENT_FUNDS }, declined: MSG_INSUFFICIENT_FUNDS };
  return { ok: true, card: { brand: cardBrand(digits), last4: digits.slice(-4), expMonth, expYear, holder: name } };
}
