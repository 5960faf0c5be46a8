/**
 * One support request: subject, status, what was asked and its files, then the conversation (support's answers and
 * the tenant's replies in order, each saying who wrote it and when). Times come from `when`: the page decides the
 * zone (the tenant's on /support, the viewer's on /lcisupport) and shows it.
 */
import { Card, H5, Tag, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Attachment, SupportRequest } from '../shared/api';
import { ISSUE_TYPE_LABELS, PRIORITY_LABELS, STATUS_LABELS, type RequestStatus } from '../shared/rules';
import { threadOf } from '../shared/thread';

export const STATUS_INTENT: Record<RequestStatus, Intent> = {
  open: 'primary',
  inProgress: 'warning',
  answered: 'success',
  closed: 'none',
};

const size = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${Math.round(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

function Files({ files }: { files: Attachment[] }) {
  if (!files.length) return null;
  return (
    <ul aria-label="Attachments" style={{ margin: '4px 0' }}>
      {files.map((a) => (
        <li key={a.attachment_id}>
          <a href={a.url} target="_blank" rel="noreferrer">
            {a.file_name}
          </a>{' '}
          <span className="bp6-text-muted">({size(a.size_bytes)})</span>
        </li>
      ))}
    </ul>
  );
}

export function RequestCard({
  request,
  when,
  extra,
  actions,
  children,
}: {
  request: SupportRequest;
  /** An instant as the page shows it, with its zone ('2026-11-29 10:42 EST'). */
  when(iso: string): string;
  extra?: ReactNode;
  actions?: ReactNode;
  /** Below the conversation (e.g. the reply form). */
  children?: ReactNode;
}) {
  const r = request;
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
        {actions && <span style={{ marginLeft: 'auto', display: 'flex', gap: 6 }}>{actions}</span>}
      </div>
      <p className="bp6-text-muted" style={{ margin: '6px 0' }}>
        {extra}
        Filed by {r.requested_by} on <time dateTime={r.created_at}>{when(r.created_at)}</time>
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{r.description}</p>
      <Files files={r.attachments} />
      {threadOf(r).map((e) => (
        <Card
          key={e.key}
          compact
          className={e.kind === 'answer' ? 'support-answer' : 'support-reply'}
          aria-label={e.kind === 'answer' ? 'Answer from support' : `Reply from ${e.by}`}
          style={{
            background:
              e.kind === 'answer' ? 'var(--lci-answer-bg, rgba(45,114,210,0.08))' : 'var(--lci-reply-bg, transparent)',
            marginTop: 8,
            marginLeft: e.kind === 'reply' ? 24 : 0,
          }}
        >
          <p className="bp6-text-muted" style={{ margin: 0 }}>
            {e.by} {e.kind === 'answer' ? 'answered' : 'replied'} on{' '}
            <time dateTime={e.created_at}>{when(e.created_at)}</time>
            {e.kind === 'answer' && ` (${STATUS_LABELS[e.status]})`}
          </p>
          <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{e.body}</p>
          <Files files={e.attachments} />
        </Card>
      ))}
      {children}
    </Card>
  );
}
