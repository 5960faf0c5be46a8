/** One support request: subject, status, what was asked, its attachments and support's answers. */
import { Card, H5, Tag, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTenantFormat } from '../../../workspace/sdk';
import type { SupportRequest } from '../shared/api';
import { ISSUE_TYPE_LABELS, PRIORITY_LABELS, STATUS_LABELS, type RequestStatus } from '../shared/rules';

export const STATUS_INTENT: Record<RequestStatus, Intent> = {
  open: 'primary',
  inProgress: 'warning',
  answered: 'success',
  closed: 'none',
};

const size = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${Math.round(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

export function RequestCard({
  request,
  extra,
  actions,
}: {
  request: SupportRequest;
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  const r = request;
  // Dates and times in the signed-in tenant's date format and time zone (Account Settings), as on every page.
  const when = useTenantFormat().dateTime;
  return (
    <Card
      className="support-request"
      aria-label={`Request ${r.request_id}: ${r.subject}`}
      role="article"
      style={{ marginBottom: 12 }}
    >
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <H5 style={{ margin: 0 }}>
          #{r.request_id} {r.subject}
        </H5>
        <Tag intent={STATUS_INTENT[r.status]} aria-label={`Status: ${STATUS_LABELS[r.status]}`}>
          {STATUS_LABELS[r.status]}
        </Tag>
        <Tag minimal>{ISSUE_TYPE_LABELS[r.issue_type]}</Tag>
        <Tag minimal intent={r.priority_level === 'urgent' || r.priority_level === 'high' ? 'danger' : 'none'}>
          {PRIORITY_LABELS[r.priority_level]} priority
        </Tag>
        {actions && <span style={{ marginLeft: 'auto' }}>{actions}</span>}
      </div>
      <p className="bp6-text-muted" style={{ margin: '6px 0' }}>
        {extra}
        Filed by {r.requested_by} on {when(r.created_at)}
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{r.description}</p>
      {r.attachments.length > 0 && (
        <ul aria-label="Attachments">
          {r.attachments.map((a) => (
            <li key={a.attachment_id}>
              <a href={a.url} target="_blank" rel="noreferrer">
                {a.file_name}
              </a>{' '}
              <span className="bp6-text-muted">({size(a.size_bytes)})</span>
            </li>
          ))}
        </ul>
      )}
      {r.answers.map((a) => (
        <Card
          key={a.answer_id}
          compact
          className="support-answer"
          aria-label="Answer from support"
          style={{ background: 'var(--lci-answer-bg, rgba(45,114,210,0.08))', marginTop: 8 }}
        >
          <p className="bp6-text-muted" style={{ margin: 0 }}>
            {a.answered_by} answered on {when(a.created_at)} ({STATUS_LABELS[a.status]})
          </p>
          <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{a.body}</p>
        </Card>
      ))}
    </Card>
  );
}
