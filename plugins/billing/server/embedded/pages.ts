/**
 * Server-rendered pages of the embedded provider: the checkout page (card form) and the billing portal.
 * Plain, accessible HTML: labelled fields with autocomplete hints, an error summary announced to screen
 * readers (role=alert) linking to each field, errors tied to their field (aria-describedby, aria-invalid).
 * No script; inline styles only (the responses carry a strict Content-Security-Policy).
 */
import type { ProviderInvoice } from '../provider';
import type { FlatPlan } from '../../shared/types';
import type { CardField } from './card';

const escapeHtml = (v: unknown): string =>
  String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** '$1,925.00', 'CA$98.00' (amounts in minor units). */
function money(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

const STYLE = `
  body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f8fa;color:#1c2127;margin:0}
  main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);padding:1.5rem 2rem}
  h1{font-size:1.4rem;margin:0 0 .25rem} h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
  .test{background:#fbf3e6;border:1px solid #d9822b;border-radius:4px;padding:.5rem .75rem;font-size:.9rem}
  table{width:100%;border-collapse:collapse} td,th{padding:.35rem 0;text-align:left;vertical-align:top} td.amount,th.amount{text-align:right}
  tr.total td{border-top:1px solid #c5cbd3;font-weight:600}
  label{display:block;font-weight:600;margin:.9rem 0 .25rem}
  input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #8f99a8;border-radius:4px}
  input[aria-invalid=true]{border-color:#cd4246;border-width:2px}
  .row{display:flex;gap:1rem} .row>div{flex:1}
  .error{color:#ac2f33;font-size:.9rem;margin:.25rem 0 0}
  .summary{border:2px solid #cd4246;border-radius:4px;padding:.5rem .9rem;margin:1rem 0} .summary a{color:#ac2f33}
  .actions{display:flex;align-items:center;gap:1.25rem;margin-top:1.5rem}
  button{font:inherit;font-weight:600;background:#2d72d2;color:#fff;border:0;border-radius:4px;padding:.6rem 1.4rem;cursor:pointer}
  button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #8abbff;outline-offset:2px}
  a{color:#215db0} .muted{color:#5f6b7c;font-size:.9rem}`;

export const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Lifecycle</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const TEST_NOTE = `<p class="test" id="test-mode"><strong>Test mode.</strong> Lifecycle's embedded billing charges no card. Use card 4242 4242 4242 4242 with any future expiry and any CVC; card 4000 0000 0000 0002 is declined.</p>`;

export interface CheckoutView {
  mode: 'subscription' | 'setup';
  action: string;
  cancelUrl: string;
  plans: FlatPlan[];
  trialDays: number;
  discount: { name: string; amount: number } | null;
  values: { name?: string; expiry?: string };
  errors: Partial<Record<CardField, string>>;
  declined?: string;
}

const FIELD_LABEL: Record<CardField, string> = {
  name: 'Name on card',
  number: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'Security code (CVC)',
};

function field(f: CardField, attrs: string, view: CheckoutView, value = ''): string {
  const err = view.errors[f];
  const hint = f === 'expiry' ? '<p class="muted" id="hint-expiry">For example 04/29</p>' : '';
  const described = [err ? `err-${f}` : '', f === 'expiry' ? 'hint-expiry' : ''].filter(Boolean).join(' ');
  return `<label for="card-${f}">${FIELD_LABEL[f]}</label>${hint}
<input id="card-${f}" name="${f}" ${attrs} value="${escapeHtml(value)}" required${err ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${err ? `<p class="error" id="err-${f}">${escapeHtml(err)}</p>` : ''}`;
}

export function checkoutPage(view: CheckoutView): string {
  const setup = view.mode === 'setup';
  const currency = view.plans[0]?.plan_currency ?? 'usd';
  const subtotal = view.plans.reduce((s, p) => s + p.plan_cost_per_period, 0);
  const discount = view.discount ? Math.min(view.discount.amount, subtotal) : 0;
  const recurring = subtotal - discount;
  const trialEnds = view.trialDays > 0 ? day(Math.floor(Date.now() / 1000) + view.trialDays * 86_400) : null;
  const per = (p: FlatPlan) => (p.plan_interval === 'month' ? 'month' : 'year');
  const lines = view.plans
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.product_name)}<br><span class="muted">${p.limit_max_companies === 0 ? 'Unlimited customers' : `Up to ${p.limit_max_companies} customer${p.limit_max_companies === 1 ? '' : 's'}`}</span></td><td class="amount">${money(p.plan_cost_per_period, currency)} / ${per(p)}</td></tr>`,
    )
    .join('');
  const summary = setup
    ? ''
    : `
<h2 id="summary-heading">Your order</h2>
<table aria-labelledby="summary-heading"><tbody>${lines}
${view.discount ? `<tr><td>${escapeHtml(view.discount.name)}</td><td class="amount">−${money(discount, currency)}</td></tr>` : ''}
<tr class="total"><td>Due today</td><td class="amount" id="due-today">${money(trialEnds ? 0 : recurring, currency)}</td></tr></tbody></table>
${trialEnds ? `<p id="trial-note">${view.trialDays}-day free trial. Then ${money(recurring, currency)} per ${per(view.plans[0])} from ${trialEnds} unless you cancel before.</p>` : `<p class="muted">Then ${money(recurring, currency)} per ${view.plans[0] ? per(view.plans[0]) : 'month'} until you cancel.</p>`}`;
  const errorFields = (Object.keys(view.errors) as CardField[]).filter((f) => view.errors[f]);
  const errorSummary = view.declined
    ? `<div class="summary" role="alert" id="error-summary"><p><strong>${escapeHtml(view.declined)}</strong> Try another card.</p></div>`
    : errorFields.length
      ? `<div class="summary" role="alert" id="error-summary" tabindex="-1"><p><strong>Please correct the following:</strong></p><ul>${errorFields.map((f) => `<li><a href="#card-${f}">${escapeHtml(view.errors[f])}</a></li>`).join('')}</ul></div>`
      : '';
  const submit = setup ? 'Save card' : trialEnds ? 'Start trial' : 'Subscribe';
  return layout(
    setup ? 'Update payment method' : 'Checkout',
    `
<h1>${setup ? 'Update payment method' : 'Subscribe to Lifecycle'}</h1>
${TEST_NOTE}${summary}${errorSummary}
<form method="post" action="${escapeHtml(view.action)}" novalidate>
<fieldset style="border:0;padding:0;margin:0"><legend><h2 style="margin-bottom:0">Card details</h2></legend>
${field('name', 'type="text" autocomplete="cc-name" maxlength="80"', view, view.values.name)}
${field('number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"', view)}
<div class="row"><div>${field('expiry', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', view, view.values.expiry)}</div>
<div>${field('cvc', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"', view)}</div></div>
</fieldset>
<div class="actions"><button type="submit">${submit}</button><a href="${escapeHtml(view.cancelUrl)}" id="cancel">Cancel</a></div>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`,
  );
}

interface PortalView {
  email: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  subscriptions: { name: string; status: string; periodEnd: number; cancelAtPeriodEnd: boolean }[];
  invoices: ProviderInvoice[];
  returnUrl: string;
}

export function portalPage(v: PortalView): string {
  const card = v.card
    ? `<p id="card-on-file">${escapeHtml(v.card.brand.toUpperCase())} ending in ${escapeHtml(v.card.last4)}, expires ${String(v.card.expMonth).padStart(2, '0')}/${String(v.card.expYear).slice(-2)}</p>`
    : '<p id="card-on-file">No card on file.</p>';
  const subs = v.subscriptions.length
    ? `<ul>${v.subscriptions.map((s) => `<li>${escapeHtml(s.name)}: ${escapeHtml(s.status)}${['active', 'trialing', 'past_due'].includes(s.status) ? `, ${s.cancelAtPeriodEnd ? 'ends' : 'renews'} ${day(s.periodEnd)}` : ''}</li>`).join('')}</ul>`
    : '<p>No subscriptions.</p>';
  const invoices = v.invoices.length
    ? `<table aria-labelledby="invoices-heading"><thead><tr><th scope="col">Invoice</th><th scope="col">Date</th><th scope="col">Status</th><th scope="col" class="amount">Total</th></tr></thead><tbody>
${v.invoices.map((i) => `<tr><td>${escapeHtml(i.number)}</td><td>${day(i.created)}</td><td>${escapeHtml(i.status)}</td><td class="amount">${money(i.total, i.currency)}</td></tr>`).join('')}</tbody></table>`
    : '<p>No invoices yet.</p>';
  return layout(
    'Billing',
    `
<h1>Billing</h1>
<p class="muted">Billing contact: ${escapeHtml(v.email)}</p>
<h2>Payment method</h2>${card}
<h2>Subscriptions</h2>${subs}
<h2 id="invoices-heading">Invoices</h2>${invoices}
<p style="margin-top:1.5rem"><a href="${escapeHtml(v.returnUrl)}" id="return">Return to Lifecycle</a></p>`,
  );
}
