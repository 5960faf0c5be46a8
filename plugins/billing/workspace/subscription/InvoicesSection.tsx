/** The upcoming invoice (or 'No upcoming invoice') and the past invoices with their links. */
import { AnchorButton, Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useTenantFormat } from '../../../../workspace/sdk';
import { formatAmount, planPrice } from '../../shared/currency';
import { invoiceStatusText, MSG_NO_UPCOMING_INVOICE, type InvoiceView } from './model';

const money = (minor: number, currency: string) => formatAmount(planPrice(minor), currency);

export interface Loaded<T> {
  value: T | null;
  error: string | null;
  loading: boolean;
}

export function UpcomingInvoice({ state }: { state: Loaded<InvoiceView | null> }) {
  const f = useTenantFormat();
  return (
    <section aria-labelledby="sub-upcoming-heading">
      <h2 id="sub-upcoming-heading" className="lci-sub-title">
        Upcoming invoice
      </h2>
      {state.loading && <Spinner size={20} aria-label="Loading the upcoming invoice" />}
      {state.error && (
        <Callout intent="warning" icon="warning-sign">
          The upcoming invoice could not be loaded: {state.error}
        </Callout>
      )}
      {!state.loading &&
        !state.error &&
        (state.value ? (
          <div className="lci-sub-card" data-testid="upcoming-invoice">
            <div className="lci-row">
              <strong className="lci-big">
                {money(state.value.amountDue || state.value.total, state.value.currency)}
              </strong>
              <span className="lci-sub-muted">
                {state.value.nextPaymentAttempt
                  ? `due ${f.date(state.value.nextPaymentAttempt)}`
                  : state.value.periodEnd
                    ? `for the period ending ${f.date(state.value.periodEnd)}`
                    : ''}
              </span>
              {state.value.discount && (
                <Tag minimal intent="success">
                  Discount: {state.value.discount}
                </Tag>
              )}
            </div>
            {state.value.lines.length > 0 && (
              <HTMLTable compact aria-label="Upcoming invoice lines" className="lci-sub-table">
                <tbody>
                  {state.value.lines.map((l, n) => (
                    <tr key={n}>
                      <td>{l.description}</td>
                      <td>{money(l.amount, state.value!.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </div>
        ) : (
          <p data-testid="upcoming-invoice">{MSG_NO_UPCOMING_INVOICE}</p>
        ))}
    </section>
  );
}

export function InvoiceList({ state }: { state: Loaded<InvoiceView[]> }) {
  const f = useTenantFormat();
  const list = state.value ?? [];
  return (
    <section aria-labelledby="sub-invoices-heading">
      <h2 id="sub-invoices-heading" className="lci-sub-title">
        Invoices
      </h2>
      {state.loading && <Spinner size={20} aria-label="Loading invoices" />}
      {state.error && (
        <Callout intent="warning" icon="warning-sign">
          Invoices could not be loaded: {state.error}
        </Callout>
      )}
      {!state.loading &&
        !state.error &&
        (list.length === 0 ? (
          <p className="lci-sub-muted">No invoices yet.</p>
        ) : (
          <div className="lci-sub-card">
            <HTMLTable compact striped aria-label="Invoices" className="lci-sub-table">
              <thead>
                <tr>
                  <th>Invoice</th>
                  <th>Date</th>
                  <th>Status</th>
                  <th>Total</th>
                  <th>Links</th>
                </tr>
              </thead>
              <tbody>
                {list.map((i, n) => (
                  <tr key={i.id ?? n}>
                    <td>{i.number ?? i.id ?? '—'}</td>
                    <td>{f.date(i.created)}</td>
                    <td>
                      <Tag minimal intent={i.status === 'paid' ? 'success' : i.status === 'open' ? 'warning' : 'none'}>
                        {invoiceStatusText(i.status)}
                      </Tag>
                    </td>
                    <td>{money(i.total, i.currency)}</td>
                    <td className="lci-row">
                      {i.hostedInvoiceUrl && (
                        <AnchorButton
                          size="small"
                          variant="minimal"
                          icon="share"
                          href={i.hostedInvoiceUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          text="View"
                          aria-label={`View invoice ${i.number ?? ''}`}
                        />
                      )}
                      {i.invoicePdf && (
                        <AnchorButton
                          size="small"
                          variant="minimal"
                          icon="document"
                          href={i.invoicePdf}
                          target="_blank"
                          rel="noopener noreferrer"
                          text="PDF"
                          aria-label={`Download invoice ${i.number ?? ''} as PDF`}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ))}
    </section>
  );
}
