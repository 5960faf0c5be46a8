/**
 * /dashboard panel for tenant admins: the onboarding checklist (GET and POST /v3/tenant/:tenantId/onboarding) until
 * every item is done. Each item is a checkbox (Space ticks it) and, when it has one, a link to its page.
 */
import { AnchorButton, Callout, Checkbox, ProgressBar, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, navigate, useTenant, type DashboardPanelProps } from '../../../../workspace/sdk';
import { onboardingChecklist, type OnboardingChecklist } from '../../shared/onboarding';

export default function OnboardingChecklistPanel({ hidePanel }: DashboardPanelProps) {
  const tenant = useTenant();
  const [list, setList] = useState<OnboardingChecklist | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const path = tenant ? `/v3/tenant/${tenant.tenantId}/onboarding` : null;

  useEffect(() => {
    if (!path) return;
    let live = true;
    api.get(path).then(
      (r) => {
        if (!live) return;
        const parsed = onboardingChecklist.safeParse(r);
        if (!parsed.success) return setError('invalid return found for request');
        if (parsed.data.onboarding_items.every((i) => i.completed_flag)) return hidePanel();
        setList(parsed.data);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [path, hidePanel]);

  async function toggle(itemId: number, completed: boolean) {
    if (!path) return;
    setSaving(itemId);
    setError(null);
    try {
      const r = onboardingChecklist.parse(await api.post(`${path}/${itemId}`, { completed_flag: completed }));
      setList(r);
      setFinished(r.onboarding_items.every((i) => i.completed_flag));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(null);
    }
  }

  if (error && !list) return <Callout intent="danger">{error}</Callout>;
  if (!list) return <Spinner size={20} aria-label="Loading the onboarding checklist" />;
  const done = list.onboarding_items.filter((i) => i.completed_flag).length;
  return (
    <div className="lci-onboarding">
      <p id="onboarding-progress">
        {done} of {list.onboarding_items.length} steps done
      </p>
      <ProgressBar value={list.percent / 100} stripes={false} intent="success" aria-labelledby="onboarding-progress" />
      {error && <Callout intent="danger">{error}</Callout>}
      {finished && (
        <Callout intent="success" title="Onboarding complete">
          Every step is done: this checklist will not show again.
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
