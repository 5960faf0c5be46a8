/** /lciadmin/onboardingItems: the onboarding checklist items every tenant sees (add, edit, deactivate). */
import { Button, FormGroup, InputGroup, NumericInput, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, Problem, useAdminData } from './admin-ui';
import { itemProblem } from './form-rules';

interface Item {
  lci_onboarding_item_id: number;
  moniker: string;
  description: string;
  link_url: string | null;
  sort: number;
  active_flag: boolean;
}
const EMPTY = { moniker: '', description: '', link_url: '', sort: 0, active_flag: true };

export default function OnboardingItemsPage() {
  const state = useAdminData<{ onboarding_items: Item[] }>('/v3/lciadmin/onboardingitems');
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState(EMPTY);
  const { dirty, setDirty } = useDirtyPage();
  const set = (p: Partial<typeof EMPTY>) => {
    setForm({ ...form, ...p });
    setDirty(true);
  };
  const problem = itemProblem(form);
  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
    setDirty(false);
  };
  const save = async () => {
    const body = { ...form, link_url: form.link_url.trim() || null };
    const ok = await act(
      () =>
        editing
          ? api.put(`/v3/lciadmin/onboardingitems/${editing}`, body)
          : api.post('/v3/lciadmin/onboardingitems', body),
      editing ? 'Item saved' : 'Item added',
    );
    if (ok) {
      reset();
      state.reload();
    }
  };
  return (
    <>
      <AdminPageHeader
        title="Onboarding Items"
        subtitle="The checklist every tenant works through; inactive items are hidden from tenants"
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) void save();
        }}
        style={{ maxWidth: 640, marginBottom: 24 }}
        aria-label={editing ? 'Edit item' : 'Add item'}
      >
        <FormGroup label="Name" labelFor="oi-moniker">
          <InputGroup
            id="oi-moniker"
            value={form.moniker}
            maxLength={120}
            onChange={(e) => set({ moniker: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Description" labelFor="oi-description">
          <InputGroup
            id="oi-description"
            value={form.description}
            maxLength={500}
            onChange={(e) => set({ description: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Link (in-app path)" labelFor="oi-link" helperText="Optional, e.g. /companies">
          <InputGroup
            id="oi-link"
            value={form.link_url}
            maxLength={300}
            onChange={(e) => set({ link_url: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Order" labelFor="oi-sort" inline>
          <NumericInput
            id="oi-sort"
            min={0}
            max={100000}
            value={form.sort}
            onValueChange={(v) => set({ sort: Number.isFinite(v) ? v : 0 })}
          />
        </FormGroup>
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
          text={editing ? 'Save item' : 'Add item'}
          disabled={!!problem}
        />
        {(editing || dirty) && <Button text="Cancel" variant="minimal" onClick={reset} style={{ marginLeft: 8 }} />}
      </form>
      <Loaded state={state} what="onboarding items">
        {(d) => (
          <DataTable
            rows={d.onboarding_items}
            rowKey={(r) => r.lci_onboarding_item_id}
            empty="No onboarding items yet"
            cols={[
              { header: 'Order', cell: (r) => r.sort },
              { header: 'Name', cell: (r) => r.moniker },
              { header: 'Description', cell: (r) => r.description },
              { header: 'Link', cell: (r) => r.link_url ?? '' },
              {
                header: 'Status',
                cell: (r) =>
                  r.active_flag ? (
                    <Tag minimal intent="success">
                      active
                    </Tag>
                  ) : (
                    <Tag minimal>inactive</Tag>
                  ),
              },
              {
                header: '',
                cell: (r) => (
                  <Button
                    size="small"
                    icon="edit"
                    text="Edit"
                    aria-label={`Edit ${r.moniker}`}
                    onClick={() => {
                      setEditing(r.lci_onboarding_item_id);
                      setForm({
                        moniker: r.moniker,
                        description: r.description,
                        link_url: r.link_url ?? '',
                        sort: r.sort,
                        active_flag: r.active_flag,
                      });
                    }}
                  />
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
