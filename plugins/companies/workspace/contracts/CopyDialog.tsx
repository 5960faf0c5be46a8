/** Copy a contract into other companies of the tenant (the current company's list stays as it is). */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';

export interface CopyDialogProps {
  vendor: string;
  companies: { tenant_company_id: number; name: string }[];
  onCopy(targetIds: number[]): Promise<string | null>;
  onClose(): void;
}

export function CopyDialog({ vendor, companies, onCopy, onClose }: CopyDialogProps) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useMemo(
    () => companies.filter((c) => c.name.toLowerCase().includes(query.trim().toLowerCase())),
    [companies, query],
  );
  const toggle = (id: number) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const submit = async () => {
    if (!chosen.size || busy) return;
    setBusy(true);
    const e = await onCopy([...chosen]);
    if (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`Copy the ${vendor} contract`} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          <p>Choose the companies that get a copy. Locations belong to a company, so the copies have none.</p>
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder="Find a company"
            aria-label="Find a company"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
          />
          <div className="lci-copy-list" role="group" aria-label="Companies to copy to">
            {shown.map((c) => (
              <Checkbox
                key={c.tenant_company_id}
                label={c.name}
                checked={chosen.has(c.tenant_company_id)}
                onChange={() => toggle(c.tenant_company_id)}
              />
            ))}
            {shown.length === 0 && <p className="bp6-text-muted">No other companies match.</p>}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={chosen.size ? `Copy to ${chosen.size} compan${chosen.size === 1 ? 'y' : 'ies'}` : 'Copy'}
                disabled={!chosen.size}
                loading={busy}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
