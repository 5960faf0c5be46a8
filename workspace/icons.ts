/**
 * Blueprint icon loading: the icons the shell uses are bundled (a few KB); any other icon (e.g. a nav icon
 * from the server) is fetched as its own tiny chunk through a lazily loaded map, instead of the whole
 * 16px/20px sets (about 100 KB gzipped each) that Blueprint loads by default.
 */
import { Icons, type IconName, type IconPaths } from '@blueprintjs/icons';
import i16_wrench from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench';
import i20_wrench from '@blueprintjs/icons/lib/esm/generated/20px/paths/wrench';
import i16_lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import i20_lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import i16_envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import i20_envelope from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import i16_edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import i20_edit from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import i16_eye_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import i20_eye_open from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import i16_presentation from '@blueprintjs/icons/lib/esm/generated/16px/paths/presentation';
import i20_presentation from '@blueprintjs/icons/lib/esm/generated/20px/paths/presentation';
import i16_th_derived from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-derived';
import i20_th_derived from '@blueprintjs/icons/lib/esm/generated/20px/paths/th-derived';
import i16_document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import i20_document from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import i16_log_out from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import i20_log_out from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import i16_office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import i20_office from '@blueprintjs/icons/lib/esm/generated/20px/paths/office';
import i16_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import i20_person from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import i16_search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import i20_search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import i16_error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import i20_error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import i16_applications from '@blueprintjs/icons/lib/esm/generated/16px/paths/applications';
import i20_applications from '@blueprintjs/icons/lib/esm/generated/20px/paths/applications';
import i16_warning_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import i20_warning_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';
import i16_info_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import i20_info_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import i16_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import i20_tick from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import i16_tick_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import i20_tick_circle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import i16_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import i20_cross from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import i16_home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import i20_home from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import i16_dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import i20_dashboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import i16_people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import i20_people from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import i16_cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import i20_cog from '@blueprintjs/icons/lib/esm/generated/20px/paths/cog';
import i16_chart from '@blueprintjs/icons/lib/esm/generated/16px/paths/chart';
import i20_chart from '@blueprintjs/icons/lib/esm/generated/20px/paths/chart';
import i16_timeline_events from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events';
import i20_timeline_events from '@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-events';
import i16_folder_close from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-close';
import i20_folder_close from '@blueprintjs/icons/lib/esm/generated/20px/paths/folder-close';
import i16_briefcase from '@blueprintjs/icons/lib/esm/generated/16px/paths/briefcase';
import i20_briefcase from '@blueprintjs/icons/lib/esm/generated/20px/paths/briefcase';
import i16_shield from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield';
import i20_shield from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield';
import i16_annotation from '@blueprintjs/icons/lib/esm/generated/16px/paths/annotation';
import i20_annotation from '@blueprintjs/icons/lib/esm/generated/20px/paths/annotation';
import i16_key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import i20_key from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import i16_layers from '@blueprintjs/icons/lib/esm/generated/16px/paths/layers';
import i20_layers from '@blueprintjs/icons/lib/esm/generated/20px/paths/layers';
import i16_th from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import i20_th from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
import i16_manual from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import i20_manual from '@blueprintjs/icons/lib/esm/generated/20px/paths/manual';
import i16_calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import i20_calendar from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import i16_clipboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard';
import i20_clipboard from '@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard';

const BUNDLED: Record<string, [IconPaths, IconPaths]> = {
  wrench: [i16_wrench, i20_wrench],
  lock: [i16_lock, i20_lock],
  envelope: [i16_envelope, i20_envelope],
  edit: [i16_edit, i20_edit],
  'eye-open': [i16_eye_open, i20_eye_open],
  presentation: [i16_presentation, i20_presentation],
  'th-derived': [i16_th_derived, i20_th_derived],
  document: [i16_document, i20_document],
  'log-out': [i16_log_out, i20_log_out],
  office: [i16_office, i20_office],
  person: [i16_person, i20_person],
  search: [i16_search, i20_search],
  error: [i16_error, i20_error],
  applications: [i16_applications, i20_applications],
  'warning-sign': [i16_warning_sign, i20_warning_sign],
  'info-sign': [i16_info_sign, i20_info_sign],
  tick: [i16_tick, i20_tick],
  'tick-circle': [i16_tick_circle, i20_tick_circle],
  cross: [i16_cross, i20_cross],
  home: [i16_home, i20_home],
  dashboard: [i16_dashboard, i20_dashboard],
  people: [i16_people, i20_people],
  cog: [i16_cog, i20_cog],
  chart: [i16_chart, i20_chart],
  'timeline-events': [i16_timeline_events, i20_timeline_events],
  'folder-close': [i16_folder_close, i20_folder_close],
  briefcase: [i16_briefcase, i20_briefcase],
  shield: [i16_shield, i20_shield],
  annotation: [i16_annotation, i20_annotation],
  key: [i16_key, i20_key],
  layers: [i16_layers, i20_layers],
  th: [i16_th, i20_th],
  manual: [i16_manual, i20_manual],
  calendar: [i16_calendar, i20_calendar],
  clipboard: [i16_clipboard, i20_clipboard],
};

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: number) => {
      const big = size >= 20;
      const bundled = BUNDLED[name];
      if (bundled) return bundled[big ? 1 : 0];
      const { loadIconPaths } = await import('./icons-all');
      return loadIconPaths(name, big ? 20 : 16);
    },
  });
}
