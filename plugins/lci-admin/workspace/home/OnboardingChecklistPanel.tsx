/**
 * /dashboard panel for tenant admins: the onboarding checklist (GET and POST /v3/tenant/:tenantId/onboarding). Each
 * item is a checkbox (Space ticks it) and, when it has one, a link to its page. Once every item is done the panel
 * says so in one line and keeps the list folded away: "Review the steps" opens it again, where a step can be
 * unticked (it never vanishes for good).
 */
import { AnchorButton, Button, Callout, Checkbox, ProgressBar, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, navigate, useTenant, type DashboardPanelProps } from '../../../../workspace/sdk';
import { onboardingChecklist, type OnboardingChecklist } from '../../shared/onboarding';

export default function OnboardingChecklistPanel(_props: DashboardPanelProps) {
  const tenant = useTenant();
  const [list, setList] = useState<OnboardingChecklist | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  /** Every step done: the list is folded until the user opens it. */
  const [folded, setFolded] = useState(false);
  const path = tenant ? `/v3/tenant/${tenant.tenantId}/onboarding` : null;

  useEffect(() => {
    if (!path) return;
    let live = true;
    api.get(path).then(
      (r) => {
        if (!live) return;
        const parsed = onboardingChecklist.safeParse(r);
        if (!parsed.success) return setError('invalid return found for request');
        setFolded(parsed.data.onboarding_items.every((i) => i.completed_flag));
        setList(parsed.data);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [path]);

  async function toggle(itemId: number, completed: boolean) {
    if (!path) return;
    setSaving(itemId);
    setError(null);
    try {
      const r = onboardingChecklist.parse(await api.post(`${path}/${itemId}`, { completed_flag: completed }));
      setList(r);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(null);
    }
  }

  if (error && !list) return <Callout intent="danger">{error}</Callout>;
  if (!list) return <Spinner size={20} aria-label="Loading the onboarding checklist" />;
  const done = list.onboarding_items.filter((i) => i.completed_flag).length;
  const complete = done === list.onboarding_items.length;
  if (complete && folded)
    return (
      <Callout intent="success" title="Onboarding complete" icon="tick-circle">
        All {list.onboarding_items.length} steps are done.{' '}
        <Button variant="minimal" size="small" text="Review the steps" onClick={() => setFolded(false)} />
      </Callout>
    );
  return (
    <div className="lci-onboarding">
      <p id="onboarding-progress">
        {done} of {list.onboarding_items.length} steps done
      </p>
      <ProgressBar value={list.percent / 100} stripes={false} intent="success" aria-labelledby="onboarding-progress" />
      {error && <Callout intent="danger">{error}</Callout>}
      {complete && (
        <Callout intent="success" title="Onboarding complete">
          Every step is done. Untick a step to keep it on your list.{' '}
          <Button variant="minimal" size="small" text="Fold the list" onClick={() => setFolded(true)} />
        </Callout>
      )}
      <ul className="lci-onboarding-items" aria-label="Onboarding checklist">
        {list.onboarding_items.map((i) => (
          <li key={i.lci_onboarding_item_id}>
            <Checkbox
              checked={i.completed_flag}
              disabled={saving !== null}
              label={i.moniker}
              onChange={(e) => void toggle(i.lci_onboarding_item_id, e.currentTarget.checked)}
            />
            <span className="bp6-text-muted">{i.description}</span>
            {i.link_url && (
              <AnchorButton
                variant="minimal"
                size="small"
                endIcon="arrow-right"
                href={i.link_url}
                text="Go there"
                aria-label={`Go to ${i.moniker}`}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  void navigate(i.link_url!);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
