/**
 * The workspace point of assessments (re-exported by public.ts; browser-safe: common/ and types only): buttons other
 * plugins add to each finding of /assessmentFindings (and wherever a finding is shown), e.g. the projects plugin's
 * "Create recommendation". A plugin lists 'assessments' in optionalDependsOn and, in its workspace,
 * `extend: [contribute(findingActionButtonsPoint, { id, title, component: () => import('./FindingButton') })]`.
 */
import { createExtensionPoint } from '../../../common/extension-point';
import type { LazyView, WorkspaceExtensionItem } from '../../../common/workspace-points';
import type { Finding } from './api';

export interface FindingActionButtonProps {
  tenantId: number;
  finding: Finding;
  /** Call after a change (e.g. a link recorded) so the list reloads. */
  onChanged: () => void;
}

/** A button (or small menu) shown with a finding to users who may see it (`page` in the access list, `module`). */
export interface FindingActionButtonDef extends WorkspaceExtensionItem {
  module?: string;
  component: LazyView<FindingActionButtonProps>;
}

export const findingActionButtonsPoint = createExtensionPoint<FindingActionButtonDef>(
  'assessments.findingActionButtons',
  'buttons with each assessment finding on /assessmentFindings, e.g. "Create recommendation" of the projects plugin',
);
