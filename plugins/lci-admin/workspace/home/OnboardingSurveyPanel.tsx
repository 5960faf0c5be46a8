/**
 * /dashboard panel for tenant admins: the onboarding survey (GET and POST /v3/tenant/:tenantId/onboardingsurvey)
 * until every question is answered. "Answer the survey" opens a dialog with one field per question; the server's
 * 400 names the field it refuses, shown under it.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Radio,
  RadioGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, ApiError, useTenant, type DashboardPanelProps } from '../../../../workspace/sdk';
import { tenantSurvey, YES_NO, type SurveyQuestion, type TenantSurvey } from '../../shared/onboarding';

export default function OnboardingSurveyPanel({ hidePanel }: DashboardPanelProps) {
  const tenant = useTenant();
  const [survey, setSurvey] = useState<TenantSurvey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState(false);
  const path = tenant ? `/v3/tenant/${tenant.tenantId}/onboardingsurvey` : null;

  useEffect(() => {
    if (!path) return;
    let live = true;
    api.get(path).then(
      (r) => {
        if (!live) return;
        const parsed = tenantSurvey.safeParse(r);
        if (!parsed.success) return setError('invalid return found for request');
        if (parsed.data.complete) return hidePanel();
        setSurvey(parsed.data);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [path, hidePanel]);

  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!survey) return <Spinner size={20} aria-label="Loading the survey" />;
  if (thanks)
    return (
      <Callout intent="success" title="Thank you">
        Your answers help us set up Lifecycle for you.
      </Callout>
    );
  const open_ = survey.questions.filter((q) => q.answer === null).length;
  return (
    <>
      <p>
        Tell us about your business: {open_} question{open_ === 1 ? '' : 's'} left.
      </p>
      <Button intent="primary" icon="form" text="Answer the survey" onClick={() => setOpen(true)} />
      {open && path && (
        <SurveyDialog
          path={path}
          survey={survey}
          onClose={() => setOpen(false)}
          onSaved={(s) => {
            setOpen(false);
            setSurvey(s);
            if (s.complete) setThanks(true);
          }}
        />
      )}
    </>
  );
}

function SurveyDialog({
  path,
  survey,
  onClose,
  onSaved,
}: {
  path: string;
  survey: TenantSurvey;
  onClose(): void;
  onSaved(s: TenantSurvey): void;
}) {
  const [answers, setAnswers] = useState<Record<number, string>>(() =>
    Object.fromEntries(survey.questions.map((q) => [q.question_id, q.answer ?? ''])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const given = survey.questions.filter((q) => (answers[q.question_id] ?? '').trim() !== '');

  async function save() {
    setSaving(true);
    setMessage(null);
    setErrors({});
    const body = { answers: given.map((q) => ({ question_id: q.question_id, answer: answers[q.question_id].trim() })) };
    try {
      onSaved(tenantSurvey.parse(await api.post(path, body)));
    } catch (e) {
      const fieldErrors: Record<number, string> = {};
      for (const f of e instanceof ApiError ? (e.fields ?? []) : []) {
        const m = /^body\.answers\.(\d+)\./.exec(f.path);
        if (m) fieldErrors[body.answers[Number(m[1])].question_id] = f.message;
      }
      setErrors(fieldErrors);
      setMessage((e as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog isOpen title="Onboarding survey" onClose={onClose} canOutsideClickClose={false}>
      <DialogBody>
        {message && <Callout intent="danger">{message}</Callout>}
        {survey.questions.map((q) => (
          <QuestionField
            key={q.question_id}
            q={q}
            value={answers[q.question_id] ?? ''}
            error={errors[q.question_id]}
            onChange={(v) => setAnswers((a) => ({ ...a, [q.question_id]: v }))}
          />
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Later" onClick={onClose} />
            <Button
              intent="primary"
              text="Save answers"
              loading={saving}
              disabled={given.length === 0}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}

function QuestionField({
  q,
  value,
  error,
  onChange,
}: {
  q: SurveyQuestion;
  value: string;
  error?: string;
  onChange(v: string): void;
}) {
  const id = `survey-q-${q.question_id}`;
  const intent = error ? 'danger' : 'none';
  if (q.answer_type === 'yesno')
    return (
      <FormGroup helperText={error} intent={intent}>
        <RadioGroup label={q.question} selectedValue={value} onChange={(e) => onChange(e.currentTarget.value)} inline>
          {YES_NO.map((v) => (
            <Radio key={v} label={v} value={v} />
          ))}
        </RadioGroup>
      </FormGroup>
    );
  return (
    <FormGroup label={q.question} labelFor={id} helperText={error} intent={intent}>
      {q.answer_type === 'choice' ? (
        <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} fill>
          <option value="">Choose...</option>
          {q.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </HTMLSelect>
      ) : (
        <TextArea id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} fill maxLength={1000} />
      )}
    </FormGroup>
  );
}
