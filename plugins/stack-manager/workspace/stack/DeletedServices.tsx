/** The 'Show deleted' view: deleted services with Restore (activeFlag 1; sort 0 when it had none). */
import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import type { StackService } from './types';

export function DeletedServices({
  services,
  readOnly,
  onRestore,
}: {
  services: StackService[] | null;
  readOnly: boolean;
  onRestore(id: number): void;
}) {
  if (services === null) return <Spinner size={24} />;
  if (services.length === 0) return <NonIdealState icon="trash" title="No deleted services" />;
  return (
    <HTMLTable compact striped className="cs-stack-deleted" aria-label="Deleted services">
      <thead>
        <tr>
          <th>Name</th>
          <th>Description</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {services.map((s) => (
          <tr key={s.serviceId} aria-label={s.moniker}>
            <td>{s.moniker}</td>
            <td className="bp6-text-muted">{s.description}</td>
            <td>
              {!readOnly && (
                <Button
                  size="small"
                  icon="undo"
                  text="Restore"
                  aria-label={`Restore ${s.moniker}`}
                  onClick={() => onRestore(s.serviceId)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
