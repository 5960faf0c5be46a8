/**
 * The builder's header actions that other parts of this plugin supply (one file each, so nobody edits the page):
 *
 * - 'Download MS Word (.docx)': `startWordExport` of ./export-docx.ts (the Word export's owner may rewrite that file).
 * - 'Schedule Report for Email Delivery': the default export of ./schedule/ScheduleDialog.tsx (owned by the
 *   schedules' author), a dialog taking ScheduleDialogProps below. Until that file exists the action says
 *   'Scheduling is not available yet'. It is looked up with import.meta.glob, so the build never fails on it.
 */
import type { ComponentType } from 'react';

/** What an action knows about the report on screen. */
export interface ReportActionContext {
  tenantId: number;
  templateId: number;
  templateName: string;
  /** The version shown in the builder. */
  vers: number;
  /** The company chosen in the builder's company picker, or null. */
  companyId: number | null;
}

/** Props the builder passes to workspace/schedule/ScheduleDialog.tsx (its default export). */
export interface ScheduleDialogProps extends ReportActionContext {
  isOpen: boolean;
  onClose(): void;
}

export const MSG_SCHEDULING_UNAVAILABLE = 'Scheduling is not available yet';

const scheduleModules = import.meta.glob<{ default: ComponentType<ScheduleDialogProps> }>(
  './schedule/ScheduleDialog.tsx',
);

/** The schedule dialog's loader, or null while the schedules part is not there. */
export function scheduleDialogLoader(): (() => Promise<{ default: ComponentType<ScheduleDialogProps> }>) | null {
  return scheduleModules['./schedule/ScheduleDialog.tsx'] ?? null;
}

export { startWordExport } from './export-docx';
