/**
 * Keyboard movement in a DataTable (a native table: headers are buttons, rows that open something are focusable).
 * Headers: Left / Right to the previous / next header button, Home / End to the first / last, Down to the first
 * row. Rows (one of them in the tab order at a time): Up / Down to the previous / next row (Up from the first: the
 * headers), Home / End to the first / last row, Enter opens the row.
 */
import type { KeyboardEvent } from 'react';

const headerButtons = (table: HTMLTableElement) => [...table.querySelectorAll<HTMLButtonElement>('thead .lci-dt-sort')];
const bodyRows = (table: HTMLTableElement) => [
  ...table.querySelectorAll<HTMLTableRowElement>('tbody tr.lci-dt-row[tabindex]'),
];

/** A key pressed on a header button; true when handled. */
export function headerKey(e: KeyboardEvent<HTMLElement>): boolean {
  const table = e.currentTarget.closest('table');
  if (!table) return false;
  const buttons = headerButtons(table);
  const i = buttons.indexOf(e.currentTarget as HTMLButtonElement);
  let target: HTMLElement | undefined;
  if (e.key === 'ArrowRight') target = buttons[i + 1];
  else if (e.key === 'ArrowLeft') target = buttons[i - 1];
  else if (e.key === 'Home') target = buttons[0];
  else if (e.key === 'End') target = buttons[buttons.length - 1];
  else if (e.key === 'ArrowDown') target = bodyRows(table)[0];
  if (!target) return false;
  e.preventDefault();
  target.focus();
  return true;
}

/** A key pressed on a focusable row (not on a control inside it); `open` opens the row. True when handled. */
export function rowKey(e: KeyboardEvent<HTMLTableRowElement>, open: () => void): boolean {
  if (e.target !== e.currentTarget) return false;
  const table = e.currentTarget.closest('table');
  if (!table) return false;
  const rows = bodyRows(table);
  const i = rows.indexOf(e.currentTarget);
  let target: HTMLElement | undefined;
  if (e.key === 'Enter') {
    e.preventDefault();
    open();
    return true;
  }
  if (e.key === 'ArrowDown') target = rows[i + 1];
  else if (e.key === 'ArrowUp') target = i === 0 ? headerButtons(table)[0] : rows[i - 1];
  else if (e.key === 'Home') target = rows[0];
  else if (e.key === 'End') target = rows[rows.length - 1];
  if (!target) return false;
  e.preventDefault();
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
  return true;
}
