/**
 * The findings list's table: the workspace's DataTable over one page of the findings route, sorted and paged by the
 * server (blank scores last both ways), each user's columns kept on the server under 'findings'. Cells: the
 * question (where it sits, its framework tags, the assessor's note), the assessment (a link, its date and template
 * version), the score, the follow-up (status and note, editable on a Read/Write page) and the actions (what actions
 * recorded, the server's actions, the buttons other plugins contribute).
 */
import { Button, HTMLSelect, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import {
  api,
  ApiError,
  DataTable,
  navigate,
  SlotBody,
  useExtensions,
  useTenantFormat,
  type DataTableColumn,
  type DataTablePaging,
  type DataTableSort,
} from '../../../workspace/sdk';
import {
  analysisPaths,
  FINDING_STATUS_LABELS,
  FINDING_STATUSES,
  type Finding,
  type FindingStatus,
} from '../shared/api';
import type { FindingActionButtonDef } from '../shared/workspace-points';
import { errorText, eventUrl, ok, scoreText } from './ui';

interface CellContext {
  tenantId: number;
  readOnly: boolean;
  serverActions: { id: string; title: string }[];
  buttons: ReturnType<typeof useExtensions<FindingActionButtonDef>>;
  onChanged(): void;
}

interface FindingsTableProps extends CellContext {
  findings: Finding[];
  sort: DataTableSort;
  onSortChange(sort: DataTableSort): void;
  paging: DataTablePaging;
  loading: boolean;
}

const NOUN = ['finding', 'findings'] as const;

export function FindingsTable(p: FindingsTableProps) {
  const { tenantId, readOnly, serverActions, buttons, onChanged } = p;
  const columns = useMemo((): DataTableColumn<Finding>[] => {
    const ctx: CellContext = { tenantId, readOnly, serverActions, buttons, onChanged };
    return [
      { id: 'company', header: 'Company', value: (f) => f.company_moniker },
      {
        id: 'question',
        header: 'Finding',
        value: (f) => f.question_text,
        required: true,
        wrap: true,
        cell: (f) => <FindingCell finding={f} />,
      },
      {
        id: 'assessed_on',
        header: 'Assessment',
        value: (f) => f.assessed_on,
        firstDir: 'desc',
        cell: (f) => <AssessmentCell finding={f} />,
      },
      { id: 'template', header: 'Template', value: (f) => f.template_name, defaultShown: false },
      { id: 'score', header: 'Score', value: (f) => f.score, align: 'end', cell: (f) => scoreText(f.score) },
      {
        id: 'status',
        header: 'Follow-up',
        value: (f) => FINDING_STATUS_LABELS[f.status],
        width: 220,
        cell: (f) => <FollowUpCell finding={f} ctx={ctx} />,
      },
      { id: 'actions', header: 'Actions', sort: false, cell: (f) => <ActionsCell finding={f} ctx={ctx} /> },
    ];
  }, [tenantId, readOnly, serverActions, buttons, onChanged]);

  return (
    <DataTable
      label="Findings"
      tableKey="findings"
      className="lci-as-findings"
      columns={columns}
      rows={p.findings}
      rowKey={(f) => f.assessment_finding_id}
      rowLabel={(f) => f.question_text}
      noun={NOUN}
      loading={p.loading}
      sort={p.sort}
      onSortChange={p.onSortChange}
      paging={p.paging}
    />
  );
}

function FindingCell({ finding: f }: { finding: Finding }) {
  return (
    <>
      <div>
        {f.kind === 'candidate' && (
          <Tag minimal intent="warning">
            Low score
          </Tag>
        )}{' '}
        <b>{f.question_text}</b>
      </div>
      <div className="lci-as-muted">
        {f.section_title} › {f.category_title}
      </div>
      {f.framework_tags.length > 0 && (
        <div className="lci-as-tags">
          {f.framework_tags.map((t) => (
            <Tag key={t} minimal>
              {t}
            </Tag>
          ))}
        </div>
      )}
      {f.note && <div className="lci-as-note-cell">Note: {f.note}</div>}
    </>
  );
}

function AssessmentCell({ finding: f }: { finding: Finding }) {
  const fmt = useTenantFormat();
  return (
    <>
      <a
        href={eventUrl(f.assessment_event_id)}
        onClick={(e) => {
          e.preventDefault();
          void navigate(eventUrl(f.assessment_event_id));
        }}
      >
        {f.event_title || f.template_name}
      </a>
      <div className="lci-as-muted">
        {fmt.date(f.assessed_on)} · v{f.template_version}
      </div>
    </>
  );
}

function FollowUpCell({ finding: f, ctx }: { finding: Finding; ctx: CellContext }) {
  const [note, setNote] = useState(f.follow_up_note);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setNote(f.follow_up_note), [f.follow_up_note]);

  const update = async (patch: { status?: FindingStatus; note?: string }) => {
    setBusy(true);
    try {
      await api.put(analysisPaths.finding(ctx.tenantId, f.assessment_finding_id), { version: f.version, ...patch });
      setError(null);
      ctx.onChanged();
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 409
          ? 'Someone else changed this finding; it was reloaded.'
          : errorText(e),
      );
      if (e instanceof ApiError && e.status === 409) ctx.onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <HTMLSelect
        aria-label={`Follow-up status of ${f.question_text}`}
        value={f.status}
        disabled={ctx.readOnly || busy}
        onChange={(e) => void update({ status: e.target.value as FindingStatus })}
        options={FINDING_STATUSES.map((s) => ({ value: s, label: FINDING_STATUS_LABELS[s] }))}
      />
      {ctx.readOnly ? (
        f.follow_up_note && <div className="lci-as-note-cell">{f.follow_up_note}</div>
      ) : (
        <TextArea
          aria-label={`Follow-up note of ${f.question_text}`}
          className="lci-as-gap"
          fill
          rows={1}
          value={note}
          placeholder="Follow-up note"
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => note !== f.follow_up_note && void update({ note })}
        />
      )}
      {error && <div className="lci-as-down">{error}</div>}
    </>
  );
}

function ActionsCell({ finding: f, ctx }: { finding: Finding; ctx: CellContext }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const runAction = async (a: { id: string; title: string }) => {
    setBusy(true);
    try {
      const out = await api.post<{ message: string }>(
        analysisPaths.findingAction(ctx.tenantId, f.assessment_finding_id, a.id),
        {},
        { expect: 'finding' },
      );
      ok(out.message || `${a.title}: done.`);
      setError(null);
      ctx.onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const contributedIds = new Set(ctx.buttons.map((b) => b.id));
  return (
    <>
      {f.links.map((l) => (
        <div key={`${l.action_id}-${l.id}`}>
          <Tag minimal icon="link">
            {l.url ? (
              <a
                href={l.url}
                onClick={(e) => {
                  e.preventDefault();
                  void navigate(l.url!);
                }}
              >
                {l.label}
              </a>
            ) : (
              l.label
            )}
          </Tag>
        </div>
      ))}
      {!ctx.readOnly &&
        ctx.serverActions
          .filter((a) => !contributedIds.has(a.id))
          .map((a) => (
            <Button key={a.id} size="small" text={a.title} disabled={busy} onClick={() => void runAction(a)} />
          ))}
      {!ctx.readOnly &&
        ctx.buttons.map((b) => (
          <SlotBody
            key={b.id}
            title={b.title}
            load={b.component}
            props={{ tenantId: ctx.tenantId, finding: f, onChanged: ctx.onChanged }}
          />
        ))}
      {error && <div className="lci-as-down">{error}</div>}
    </>
  );
}
