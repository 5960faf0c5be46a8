/** /lciadmin/onboardingsurveyadmin: the onboarding survey's questions (add, edit) and each tenant's answers. */
import { Button, FormGroup, HTMLSelect, InputGroup, NumericInput, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, Problem, useAdminData, when } from './admin-ui';
import { questionProblem } from './form-rules';

interface Question {
  question_id: number;
  question: string;
  answer_type: 'text' | 'choice' | 'yesno';
  choices: string[];
  sort: number;
  active_flag: boolean;
  answers: number;
}
interface Answered {
  tenant_id: number;
  name: string;
  answered: number;
  last_answered_at: string | null;
}
const EMPTY = { question: '', answer_type: 'text' as Question['answer_type'], choices: '', sort: 0, active_flag: true };

function Answers({ tenantId }: { tenantId: number }) {
  const state = useAdminData<{
    tenant: { name: string };
    answers: { question_id: number; question: string; answer: unknown; answered_at: string | null }[];
  }>(`/v3/lciadmin/onboardingsurvey/answers/${tenantId}`);
  return (
    <Loaded state={state} what="answers">
      {(d) => (
        <section aria-label={`Answers of ${d.tenant.name}`} style={{ marginTop: 16 }}>
          <h3>Answers of {d.tenant.name}</h3>
          <DataTable
            rows={d.answers}
            rowKey={(a) => a.question_id}
            empty="No questions"
            cols={[
              { header: 'Question', cell: (a) => a.question },
              {
                header: 'Answer',
                cell: (a) =>
                  a.answer === null ? (
                    <span className="bp6-text-muted">not answered</span>
                  ) : typeof a.answer === 'string' ? (
                    a.answer
                  ) : (
                    JSON.stringify(a.answer)
                  ),
              },
              { header: 'Answered', cell: (a) => when(a.answered_at) },
            ]}
          />
        </section>
      )}
    </Loaded>
  );
}

export default function SurveyPage() {
  const state = useAdminData<{ questions: Question[]; tenants: Answered[] }>('/v3/lciadmin/onboardingsurvey');
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [tenant, setTenant] = useState<number | null>(null);
  const { dirty, setDirty } = useDirtyPage();
  const set = (p: Partial<typeof EMPTY>) => {
    setForm({ ...form, ...p });
    setDirty(true);
  };
  const problem = questionProblem(form);
  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
    setDirty(false);
  };
  const save = async () => {
    const body = {
      ...form,
      choices:
        form.answer_type === 'choice'
          ? form.choices
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean)
          : [],
    };
    if (
      await act(
        () =>
          editing
            ? api.put(`/v3/lciadmin/onboardingsurvey/${editing}`, body)
            : api.post('/v3/lciadmin/onboardingsurvey', body),
        editing ? 'Question saved' : 'Question added',
      )
    ) {
      reset();
      state.reload();
    }
  };
  return (
    <>
      <AdminPageHeader title="Onboarding Survey" subtitle="Questions new tenants answer, and their answers" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) void save();
        }}
        style={{ maxWidth: 640, marginBottom: 24 }}
        aria-label={editing ? 'Edit question' : 'Add question'}
      >
        <FormGroup label="Question" labelFor="sq-question">
          <InputGroup
            id="sq-question"
            value={form.question}
            maxLength={300}
            onChange={(e) => set({ question: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Answer" labelFor="sq-type" inline>
          <HTMLSelect
            id="sq-type"
            value={form.answer_type}
            onChange={(e) => set({ answer_type: e.target.value as Question['answer_type'] })}
            options={[
              { value: 'text', label: 'Text' },
              { value: 'yesno', label: 'Yes / no' },
              { value: 'choice', label: 'One of several choices' },
            ]}
          />
          <NumericInput
            aria-label="Order"
            min={0}
            max={10000}
            value={form.sort}
            onValueChange={(v) => set({ sort: Number.isFinite(v) ? v : 0 })}
            style={{ width: 70 }}
          />
        </FormGroup>
        {form.answer_type === 'choice' && (
          <FormGroup label="Choices (comma separated)" labelFor="sq-choices">
            <InputGroup id="sq-choices" value={form.choices} onChange={(e) => set({ choices: e.target.value })} />
          </FormGroup>
        )}
        <Switch
          label="Active"
          checked={form.active_flag}
          onChange={(e) => set({ active_flag: e.currentTarget.checked })}
        />
        {dirty && <Problem text={problem} />}
        <Button
          type="submit"
          intent="primary"
          icon={editing ? 'floppy-disk' : 'add'}
          text={editing ? 'Save question' : 'Add question'}
          disabled={!!problem}
        />
        {(editing || dirty) && <Button text="Cancel" variant="minimal" onClick={reset} style={{ marginLeft: 8 }} />}
      </form>
      <Loaded state={state} what="the survey">
        {(d) => (
          <>
            <DataTable
              rows={d.questions}
              rowKey={(q) => q.question_id}
              empty="No survey questions yet"
              cols={[
                { header: 'Order', cell: (q) => q.sort },
                {
                  header: 'Question',
                  cell: (q) => (
                    <>
                      {q.question} {!q.active_flag && <Tag minimal>inactive</Tag>}
                    </>
                  ),
                },
                {
                  header: 'Answer',
                  cell: (q) => (q.answer_type === 'choice' ? `one of ${(q.choices ?? []).join(', ')}` : q.answer_type),
                },
                { header: 'Answers', cell: (q) => q.answers },
                {
                  header: '',
                  cell: (q) => (
                    <Button
                      size="small"
                      icon="edit"
                      text="Edit"
                      aria-label={`Edit ${q.question}`}
                      onClick={() => {
                        setEditing(q.question_id);
                        setForm({
                          question: q.question,
                          answer_type: q.answer_type,
                          choices: (q.choices ?? []).join(', '),
                          sort: q.sort,
                          active_flag: q.active_flag,
                        });
                      }}
                    />
                  ),
                },
              ]}
            />
            <h3>Tenants that answered</h3>
            <DataTable
              rows={d.tenants}
              rowKey={(t) => t.tenant_id}
              empty="No tenant has answered yet"
              cols={[
                { header: 'Tenant', cell: (t) => `${t.name} (${t.tenant_id})` },
                { header: 'Answered', cell: (t) => t.answered },
                { header: 'Last answer', cell: (t) => when(t.last_answered_at) },
                {
                  header: '',
                  cell: (t) => (
                    <Button
                      size="small"
                      icon="eye-open"
                      text="Answers"
                      aria-label={`Answers of ${t.name}`}
                      onClick={() => setTenant(t.tenant_id)}
                    />
                  ),
                },
              ]}
            />
            {tenant && <Answers key={tenant} tenantId={tenant} />}
          </>
        )}
      </Loaded>
    </>
  );
}
