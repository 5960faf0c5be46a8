/** /lciadmin/moduleview: the module views (which modules each shows, icon, order, disabled). The view's text is its identity. */
import { Button, Checkbox, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, useAdminData } from './admin-ui';
import { viewProblem } from './form-rules';

interface View {
  module_view_id: number;
  text: string;
  modules: string[];
  icon: string;
  disabled: boolean;
  sort: number;
}

export default function ModuleViewPage() {
  const views = useAdminData<{ moduleViews: View[] }>('/v3/lciadmin/moduleviews');
  const modules = useAdminData<{ modules: { moniker: string; display_name: string }[] }>('/v3/lciadmin/modules');
  const [edits, setEdits] = useState<Record<number, View>>({});
  const { setDirty } = useDirtyPage();
  const cur = (v: View) => edits[v.module_view_id] ?? v;
  const edit = (v: View, p: Partial<View>) => {
    setEdits({ ...edits, [v.module_view_id]: { ...cur(v), ...p } });
    setDirty(true);
  };
  const save = async (v: View) => {
    const e = cur(v);
    if (
      await act(
        () =>
          api.put(`/v3/lciadmin/moduleviews/${v.module_view_id}`, {
            modules: e.modules,
            icon: e.icon,
            sort: e.sort,
            disabled: e.disabled,
          }),
        `${v.text} saved`,
      )
    ) {
      const { [v.module_view_id]: _, ...rest } = edits;
      setEdits(rest);
      setDirty(Object.keys(rest).length > 0);
      views.reload();
    }
  };
  return (
    <>
      <AdminPageHeader title="Module Views" subtitle="What each module view shows in the view switcher" />
      <Loaded state={views} what="module views">
        {(d) => (
          <DataTable
            rows={d.moduleViews}
            rowKey={(v) => v.module_view_id}
            empty="No module views"
            cols={[
              { header: 'View', cell: (v) => v.text },
              {
                header: 'Modules',
                cell: (v) =>
                  (modules.data?.modules ?? []).map((m) => (
                    <Checkbox
                      key={m.moniker}
                      inline
                      label={m.display_name}
                      checked={cur(v).modules.includes(m.moniker)}
                      onChange={(e) =>
                        edit(v, {
                          modules: e.currentTarget.checked
                            ? [...cur(v).modules, m.moniker]
                            : cur(v).modules.filter((x) => x !== m.moniker),
                        })
                      }
                    />
                  )),
              },
              {
                header: 'Icon',
                cell: (v) => (
                  <InputGroup
                    aria-label={`Icon of ${v.text}`}
                    value={cur(v).icon}
                    onChange={(e) => edit(v, { icon: e.target.value.trim() })}
                    style={{ width: 140 }}
                  />
                ),
              },
              {
                header: 'Order',
                cell: (v) => (
                  <NumericInput
                    aria-label={`Order of ${v.text}`}
                    min={0}
                    max={10000}
                    value={cur(v).sort}
                    onValueChange={(n) => edit(v, { sort: Number.isFinite(n) ? n : 0 })}
                    style={{ width: 70 }}
                  />
                ),
              },
              {
                header: 'Disabled',
                cell: (v) => (
                  <Switch
                    aria-label={`${v.text} disabled`}
                    checked={cur(v).disabled}
                    onChange={(e) => edit(v, { disabled: e.currentTarget.checked })}
                  />
                ),
              },
              {
                header: '',
                cell: (v) => {
                  const problem = edits[v.module_view_id] ? viewProblem(cur(v)) : null;
                  return (
                    <>
                      <Button
                        size="small"
                        intent="primary"
                        icon="floppy-disk"
                        text="Save"
                        aria-label={`Save ${v.text}`}
                        disabled={!edits[v.module_view_id] || !!problem}
                        onClick={() => void save(v)}
                      />
                      {problem && (
                        <div role="status" className="bp6-text-small" style={{ color: '#c23030' }}>
                          {problem}
                        </div>
                      )}
                    </>
                  );
                },
              },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
