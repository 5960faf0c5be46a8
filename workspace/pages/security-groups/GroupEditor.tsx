/**
 * Create or edit one security group: name, description, administrator flag, included modules and
 * the page access list. Unsaved changes mark the page dirty (leaving asks first); Save sends the
 * whole page list; server validation messages go next to their fields or into a callout.
 */
import { Button, Callout, Checkbox, FormGroup, InputGroup, Switch, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { api, navigate, PageHeader, useDirtyPage } from '../../sdk';
import { DeleteGroupDialog } from './DeleteGroupDialog';
import {
  ALL_MODULES,
  accessCounts,
  buildRows,
  buildSavePayload,
  DESCRIPTION_MAX,
  draftFromGroup,
  emptyDraft,
  groupsUrl,
  hasErrors,
  isDirty,
  mapServerError,
  moduleLabel,
  SECURITY_GROUPS_PAGE,
  setAccess,
  toggleModule,
  validateDraft,
  type CatalogPage,
  type DraftErrors,
  type ModuleName,
  type SecurityGroup,
} from './model';
import { PageAccessTable } from './PageAccessTable';

interface Props {
  tenantId: number;
  group?: SecurityGroup;
  catalog: CatalogPage[];
  modules: ModuleName[];
  otherNames: string[];
  readOnly: boolean;
  onSaved(group: SecurityGroup, created: boolean): Promise<void>;
  onDeleted(group: SecurityGroup): Promise<void>;
}

export function GroupEditor({ tenantId, group, catalog, modules, otherNames, readOnly, onSaved, onDeleted }: Props) {
  const isNew = !group;
  const initial = useMemo(() => (group ? draftFromGroup(group) : emptyDraft()), [group]);
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { setDirty } = useDirtyPage();

  const dirty = !readOnly && isDirty(initial, draft);
  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);

  const rows = useMemo(() => buildRows(catalog, Object.keys(initial.access)), [catalog, initial]);
  const moduleOrder = modules.length ? modules : ALL_MODULES;
  const local = validateDraft(draft, otherNames);
  const errors: DraftErrors = {
    name: (showErrors || draft.name !== initial.name ? local.name : undefined) ?? serverErrors.name,
    description: local.description ?? serverErrors.description,
    modules: serverErrors.modules,
    pages: serverErrors.pages,
  };

  const update = (next: typeof draft, clear?: keyof DraftErrors) => {
    if (readOnly) return; // Read Only: editing silently does nothing.
    setDraft(next);
    if (clear) setServerErrors((e) => ({ ...e, [clear]: undefined }));
  };

  const save = async () => {
    if (readOnly || saving) return;
    setShowErrors(true);
    setFormError(null);
    if (hasErrors(validateDraft(draft, otherNames))) return;
    if (!isNew && !dirty) {
      void navigate(SECURITY_GROUPS_PAGE);
      return;
    }
    setSaving(true);
    try {
      const body = buildSavePayload(draft);
      const r = isNew
        ? await api.post<{ securityGroup: SecurityGroup }>(groupsUrl(tenantId), body)
        : await api.put<{ securityGroup: SecurityGroup }>(groupsUrl(tenantId, group!.security_group_id), body);
      setDirty(false);
      await onSaved(r.securityGroup, isNew);
    } catch (e) {
      const m = mapServerError(
        e as { status?: number; code?: string; message: string; fields?: { path: string; message: string }[] },
      );
      setServerErrors(m.fields);
      setFormError(m.message ?? (hasErrors(m.fields) ? 'Please correct the highlighted fields.' : null));
      setSaving(false);
    }
  };

  const counts = accessCounts(draft.access);
  const title = isNew ? 'New security group' : group!.name;
  const subtitle = isNew
    ? 'Choose the modules and pages the users of this group can open.'
    : `${group!.user_count ?? 0} ${group!.user_count === 1 ? 'user' : 'users'} · ${counts.total} ${counts.total === 1 ? 'page' : 'pages'} with access`;

  return (
    <div className="lci-page lci-sg">
      <PageHeader
        title={title}
        subtitle={subtitle}
        readOnly={readOnly}
        link={{ text: 'Back to security groups', to: SECURITY_GROUPS_PAGE, icon: 'arrow-left' }}
      >
        {dirty && (
          <Tag intent="warning" minimal icon="edit">
            Unsaved changes
          </Tag>
        )}
      </PageHeader>

      {formError && (
        <Callout
          intent="danger"
          icon="error"
          title="The security group was not saved"
          className="lci-sg-gap"
          role="alert"
        >
          {formError}
        </Callout>
      )}

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-label={title}
      >
        <div className="lci-sg-grid">
          <section className="lci-sg-card" aria-labelledby="sg-details-title">
            <h2 id="sg-details-title" className="lci-sg-card-title">
              Details
            </h2>
            <FormGroup
              label="Name"
              labelFor="sg-name"
              labelInfo={readOnly ? undefined : '(required)'}
              intent={errors.name ? 'danger' : 'none'}
              helperText={errors.name ? <span id="sg-name-error">{errors.name}</span> : undefined}
            >
              <InputGroup
                id="sg-name"
                value={draft.name}
                disabled={readOnly}
                autoFocus={isNew}
                maxLength={200}
                intent={errors.name ? 'danger' : 'none'}
                aria-invalid={!!errors.name}
                aria-describedby={errors.name ? 'sg-name-error' : undefined}
                onChange={(e) => update({ ...draft, name: e.target.value }, 'name')}
              />
            </FormGroup>
            <FormGroup
              label="Description"
              labelFor="sg-description"
              intent={errors.description ? 'danger' : 'none'}
              helperText={
                <span id="sg-description-help">
                  {errors.description ?? `${draft.description.trim().length}/${DESCRIPTION_MAX}`}
                </span>
              }
            >
              <TextArea
                id="sg-description"
                value={draft.description}
                disabled={readOnly}
                fill
                rows={3}
                autoResize
                intent={errors.description ? 'danger' : 'none'}
                aria-invalid={!!errors.description}
                aria-describedby="sg-description-help"
                onChange={(e) => update({ ...draft, description: e.target.value }, 'description')}
              />
            </FormGroup>
            <Switch
              label="Administrator group"
              checked={draft.isAdminGroup}
              disabled={readOnly}
              onChange={(e) => update({ ...draft, isAdminGroup: (e.target as HTMLInputElement).checked })}
            />
            <p className="bp6-text-muted lci-sg-small lci-sg-nomargin">
              Support staff who view Lifecycle as an administrator group act as a tenant administrator.
            </p>
          </section>

          <section className="lci-sg-card" aria-labelledby="sg-modules-title">
            <h2 id="sg-modules-title" className="lci-sg-card-title">
              Included modules
            </h2>
            <fieldset className="lci-sg-fieldset" aria-describedby="sg-modules-help">
              <legend className="lci-sr-only">Included modules</legend>
              {moduleOrder.map((m) => (
                <Checkbox
                  key={m}
                  label={moduleLabel(m)}
                  checked={draft.modules.includes(m)}
                  disabled={readOnly}
                  onChange={(e) => update(toggleModule(draft, m, (e.target as HTMLInputElement).checked), 'modules')}
                />
              ))}
            </fieldset>
            <p id="sg-modules-help" className={errors.modules ? 'lci-sg-error' : 'bp6-text-muted lci-sg-small'}>
              {errors.modules ?? 'Users see a module only when the group includes it and your tenant has it.'}
            </p>
          </section>
        </div>

        <section className="lci-sg-card" aria-labelledby="sg-pages-title">
          <h2 id="sg-pages-title" className="lci-sg-card-title">
            Page access
          </h2>
          <p className="bp6-text-muted lci-sg-small lci-sg-nomargin">
            Read Only pages show the lock icon and allow no changes; pages with no access are hidden from the menu.
          </p>
          <PageAccessTable
            rows={rows}
            draft={draft}
            readOnly={readOnly}
            error={errors.pages}
            onChange={(urls, choice) => update(setAccess(draft, urls, choice), 'pages')}
          />
        </section>

        {!readOnly && (
          <div className="lci-sg-actionbar">
            <div>
              {!isNew && (
                <Button
                  intent="danger"
                  variant="minimal"
                  icon="trash"
                  text="Delete group"
                  onClick={() => setDeleting(true)}
                  disabled={saving}
                />
              )}
            </div>
            <div className="lci-row">
              {dirty && <span className="bp6-text-muted lci-sg-small">You have unsaved changes</span>}
              <Button text="Cancel" onClick={() => void navigate(SECURITY_GROUPS_PAGE)} disabled={saving} />
              <Button
                type="submit"
                intent="primary"
                icon="floppy-disk"
                text={isNew ? 'Create group' : 'Save changes'}
                loading={saving}
                disabled={!isNew && !dirty}
              />
            </div>
          </div>
        )}
      </form>

      {deleting && group && !readOnly && (
        <DeleteGroupDialog
          tenantId={tenantId}
          group={group}
          onClose={() => setDeleting(false)}
          onDeleted={async (g) => {
            setDirty(false);
            setDeleting(false);
            await onDeleted(g);
          }}
        />
      )}
    </div>
  );
}
