/**
 * The products of a service in the edit dialog: name, calculation type, charge estimate, preferred. Typing reaches
 * the draft 400 ms after the last keystroke (at once when the field is left). Removing a saved product marks it
 * inactive ('Marked For Deletion', with Undo); a new one simply leaves.
 */
import { Button, Checkbox, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { CALC_TYPES, type CalcType } from '../../shared/stack-catalogue';
import type { StackProductDraft } from '../../shared/stack-manager';
import { PRODUCT_UPDATE_DEBOUNCE_MS } from '../../shared/stack-manager-saver';
import { CALC_TYPE_LABELS } from './types';

export const MSG_MARKED_FOR_DELETION = 'Marked For Deletion';

interface RowProps {
  product: StackProductDraft;
  error?: string;
  readOnly: boolean;
  onChange(productId: number, patch: Partial<StackProductDraft>): void;
  onRemove(productId: number): void;
  onUndo(productId: number): void;
}

function ProductRow({ product: p, error, readOnly, onChange, onRemove, onUndo }: RowProps) {
  const [name, setName] = useState(p.moniker);
  const [charge, setCharge] = useState(String(p.chargeEstimate));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Partial<StackProductDraft>>({});
  const flush = () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (Object.keys(pending.current).length) {
      const patch = pending.current;
      pending.current = {};
      onChange(p.productId, patch);
    }
  };
  const later = (patch: Partial<StackProductDraft>) => {
    pending.current = { ...pending.current, ...patch };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, PRODUCT_UPDATE_DEBOUNCE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const marked = p.activeFlag === 0;
  const label = p.moniker || 'new product';
  return (
    <tr className={marked ? 'cs-stack-product-marked' : undefined} data-testid="product-row">
      <td>
        <InputGroup
          size="small"
          value={name}
          disabled={readOnly || marked}
          aria-label="Product name"
          placeholder="Product name"
          intent={error ? 'danger' : 'none'}
          onChange={(e) => {
            setName(e.target.value);
            later({ moniker: e.target.value });
          }}
          onBlur={flush}
        />
        {error && <div className="cs-stack-field-error">{error}</div>}
      </td>
      <td>
        <HTMLSelect
          minimal
          value={p.calcType}
          disabled={readOnly || marked}
          aria-label={`Calculation of ${label}`}
          onChange={(e) => {
            flush();
            onChange(p.productId, { calcType: e.target.value as CalcType });
          }}
          options={CALC_TYPES.map((c) => ({ value: c, label: CALC_TYPE_LABELS[c] }))}
        />
      </td>
      <td>
        <InputGroup
          size="small"
          type="number"
          min={0}
          step="0.01"
          value={charge}
          disabled={readOnly || marked}
          aria-label={`Charge estimate of ${label}`}
          onChange={(e) => {
            setCharge(e.target.value);
            later({ chargeEstimate: e.target.value.trim() === '' ? NaN : Number(e.target.value) });
          }}
          onBlur={flush}
        />
      </td>
      <td>
        <Checkbox
          checked={p.preferredFlag === 1}
          disabled={readOnly || marked}
          aria-label={`Preferred ${label}`}
          style={{ margin: 0 }}
          onChange={() => {
            flush();
            onChange(p.productId, { preferredFlag: p.preferredFlag === 1 ? 0 : 1 });
          }}
        />
      </td>
      <td className="cs-stack-product-actions">
        {marked ? (
          <>
            <Tag intent="danger" minimal>
              {MSG_MARKED_FOR_DELETION}
            </Tag>
            {!readOnly && (
              <Button
                size="small"
                variant="minimal"
                icon="undo"
                text="Undo"
                aria-label={`Undo removing ${label}`}
                onClick={() => onUndo(p.productId)}
              />
            )}
          </>
        ) : (
          !readOnly && (
            <Button
              size="small"
              variant="minimal"
              icon="cross"
              intent="danger"
              aria-label={`Remove product ${label}`}
              onClick={() => {
                flush();
                onRemove(p.productId);
              }}
            />
          )
        )}
      </td>
    </tr>
  );
}

interface Props {
  products: StackProductDraft[];
  errors?: Record<number, string>;
  readOnly: boolean;
  onChange(productId: number, patch: Partial<StackProductDraft>): void;
  onRemove(productId: number): void;
  onUndo(productId: number): void;
  onAdd(): void;
}

export function ProductsEditor({ products, errors, readOnly, onChange, onRemove, onUndo, onAdd }: Props) {
  return (
    <section aria-label="Products" className="cs-stack-products-editor">
      <div className="cs-stack-section-head">
        <h5 className="bp6-heading">Products</h5>
        {!readOnly && <Button size="small" icon="add" text="Add Product" onClick={onAdd} />}
      </div>
      {products.length === 0 ? (
        <p className="bp6-text-muted">No products yet: the service's default charge estimate applies.</p>
      ) : (
        <HTMLTable compact className="cs-stack-products-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Calculation</th>
              <th>Charge estimate</th>
              <th>Preferred</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <ProductRow
                key={p.productId}
                product={p}
                error={errors?.[p.productId]}
                readOnly={readOnly}
                onChange={onChange}
                onRemove={onRemove}
                onUndo={onUndo}
              />
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
