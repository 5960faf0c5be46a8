/**
 * /lciadmin/menu: navigation entries as plugins declare them, with the overrides staff set (title, order,
 * hidden). Entries of /lciadmin and /lcisupport cannot be hidden. Open workspaces reload their menu.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '../../../../workspace/sdk';
import { AdminPageHeader } from '../core/AdminPageHeader';
import { act, DataTable, Loaded, Problem, useAdminData } from './admin-ui';
import { overrideProblem } from './form-rules';

interface Override {
  title?: string;
  sort?: number;
  hidden?: boolean;
}
interface Entry {
  url: string;
  title: string;
  level: number;
  parent_url: string | null;
  sort: number;
  icon: string | null;
  internal_only: boolean;
  plugin_id: string | null;
  override: Override | null;
}

const internalArea = (url: string) => /^\/(lciadmin|lcisupport)(\/|$)/.test(url);

export default function MenuPage() {
  const state = useAdminData<{ items: Entry[] }>('/v3/lciadmin/menu');
  const [filter, setFilter] = useState('');
  const [edit, setEdit] = useState<{ e: Entry; title: string; sort: string; hidden: boolean } | null>(null);
  const problem = edit ? overrideProblem(edit) : null;
  const save = async (clear = false) => {
    const e = edit!;
    const body = clear
      ? { url: e.e.url, title: null, sort: null, hidden: false }
      : { url: e.e.url, title: e.title.trim() || null, sort: e.sort.trim() ? Number(e.sort) : null, hidden: e.hidden };
    if (
      await act(
        () => api.put('/v3/lciadmin/menu', body),
        clear ? `Override of ${e.e.url} removed` : `Menu entry ${e.e.url} saved`,
      )
    ) {
      setEdit(null);
      state.reload();
    }
  };
  const f = filter.trim().toLowerCase();
  return (
    <>
      <AdminPageHeader title="Menu" subtitle="Override a navigation entry's title, order or visibility for everybody" />
      <InputGroup
        leftIcon="search"
        placeholder="Filter by title or path"
        aria-label="Filter menu entries"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Loaded state={state} what="the menu">
        {(d) => (
          <DataTable
            rows={d.items.filter((i) => !f || i.title.toLowerCase().includes(f) || i.url.toLowerCase().includes(f))}
            rowKey={(i) => i.url}
            empty="No menu entry matches"
            cols={[
              {
                header: 'Entry',
                cell: (i) => (
                  <span style={{ paddingLeft: (i.level - 1) * 16 }}>
                    {i.override?.title ? (
                      <>
                        <s>{i.title}</s> {i.override.title}
                      </>
                    ) : (
                      i.title
                    )}
                  </span>
                ),
              },
              { header: 'Path', cell: (i) => <code>{i.url}</code> },
              {
                header: 'Order',
                cell: (i) =>
                  typeof i.override?.sort === 'number' ? (
                    <>
                      <s>{i.sort}</s> {i.override.sort}
                    </>
                  ) : (
                    i.sort
                  ),
              },
              {
                header: 'Override',
                cell: (i) =>
                  i.override ? (
                    <>
                      {i.override.hidden ? (
                        <Tag intent="warning" minimal>
                          hidden
                        </Tag>
                      ) : (
                        <Tag minimal intent="primary">
                          overridden
                        </Tag>
                      )}
                    </>
                  ) : (
                    ''
                  ),
              },
              {
                header: '',
                cell: (i) => (
                  <Button
                    size="small"
                    icon="edit"
                    text="Edit"
                    aria-label={`Edit ${i.url}`}
                    onClick={() =>
                      setEdit({
                        e: i,
                        title: i.override?.title ?? '',
                        sort: i.override?.sort !== undefined ? String(i.override.sort) : '',
                        hidden: !!i.override?.hidden,
                      })
                    }
                  />
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <Dialog isOpen={!!edit} title={`Menu entry ${edit?.e.url ?? ''}`} onClose={() => setEdit(null)}>
        {edit && (
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              if (!problem) void save();
            }}
          >
            <DialogBody>
              <FormGroup label="Title" labelFor="menu-title" helperText={`Declared: ${edit.e.title}. Empty keeps it.`}>
                <InputGroup
                  id="menu-title"
                  autoFocus
                  value={edit.title}
                  onChange={(ev) => setEdit({ ...edit, title: ev.target.value })}
                />
              </FormGroup>
              <FormGroup label="Order" labelFor="menu-sort" helperText={`Declared: ${edit.e.sort}. Empty keeps it.`}>
                <InputGroup
                  id="menu-sort"
                  value={edit.sort}
                  onChange={(ev) => setEdit({ ...edit, sort: ev.target.value })}
                />
              </FormGroup>
              <Switch
                label="Hidden from the menu"
                checked={edit.hidden}
                disabled={internalArea(edit.e.url)}
                onChange={(ev) => setEdit({ ...edit, hidden: ev.currentTarget.checked })}
              />
              {internalArea(edit.e.url) && (
                <p className="bp6-text-muted">Entries of the internal admin and support areas cannot be hidden.</p>
              )}
              <Problem text={problem} />
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  {edit.e.override && (
                    <Button text="Remove override" intent="danger" variant="minimal" onClick={() => void save(true)} />
                  )}
                  <Button text="Cancel" onClick={() => setEdit(null)} />
                  <Button type="submit" intent="primary" text="Save" disabled={!!problem} />
                </>
              }
            />
          </form>
        )}
      </Dialog>
    </>
  );
}
