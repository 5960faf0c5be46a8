/** /lciadmin/module: the modules' display names and order (saved per row; open menus reload). */
import { Button, InputGroup, NumericInput } from '@blueprintjs/core';
import { useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, useAdminData } from './admin-ui';

interface Module {
  moniker: string;
  display_name: string;
  sort: number;
}

export default function ModulePage() {
  const state = useAdminData<{ modules: Module[] }>('/v3/lciadmin/modules');
  const [edits, setEdits] = useState<Record<string, Module>>({});
  const { setDirty } = useDirtyPage();
  const edit = (m: Module, p: Partial<Module>) => {
    setEdits({ ...edits, [m.moniker]: { ...(edits[m.moniker] ?? m), ...p } });
    setDirty(true);
  };
  const save = async (m: Module) => {
    const e = edits[m.moniker];
    if (
      await act(
        () =>
          api.put(`/v3/lciadmin/modules/${encodeURIComponent(m.moniker)}`, {
            display_name: e.display_name,
            sort: e.sort,
          }),
        `${e.display_name} saved`,
      )
    ) {
      const { [m.moniker]: _, ...rest } = edits;
      setEdits(rest);
      setDirty(Object.keys(rest).length > 0);
      state.reload();
    }
  };
  return (
    <>
      <AdminPageHeader title="Modules" subtitle="Display names and order of the modules" />
      <Loaded state={state} what="modules">
        {(d) => (
          <DataTable
            rows={d.modules}
            rowKey={(m) => m.moniker}
            empty="No modules"
            cols={[
              { header: 'Module', cell: (m) => <code>{m.moniker}</code> },
              {
                header: 'Display name',
                cell: (m) => {
                  const v = (edits[m.moniker] ?? m).display_name;
                  return (
                    <InputGroup
                      aria-label={`Display name of ${m.moniker}`}
                      value={v}
                      maxLength={60}
                      intent={v.trim() ? 'none' : 'danger'}
                      onChange={(e) => edit(m, { display_name: e.target.value })}
                    />
                  );
                },
              },
              {
                header: 'Order',
                cell: (m) => (
                  <NumericInput
                    aria-label={`Order of ${m.moniker}`}
                    min={0}
                    max={10000}
                    value={(edits[m.moniker] ?? m).sort}
                    onValueChange={(v) => edit(m, { sort: Number.isFinite(v) ? v : 0 })}
                    style={{ width: 80 }}
                  />
                ),
              },
              {
                header: '',
                cell: (m) => {
                  const e = edits[m.moniker];
                  return (
                    <Button
                      size="small"
                      intent="primary"
                      icon="floppy-disk"
                      text="Save"
                      aria-label={`Save ${m.moniker}`}
                      disabled={!e || !e.display_name.trim()}
                      title={e && !e.display_name.trim() ? 'A display name is required.' : undefined}
                      onClick={() => void save(m)}
                    />
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
