/**
 * Pure rules of the report builder: the override rule (global, per-company content, activeFlag), the wysiwyg
 * sanitiser, how a properties patch merges, the order check and the upload keys.
 */
import {
  extensionFits,
  insertPosition,
  isCompleteOrder,
  isReportUploadKey,
  mergeProperties,
  safeFileName,
  uploadKey,
} from '../server/builder-rules';
import { hasRichText, sanitizeRichText } from '../server/components/sanitize';
import { effectiveProperties, type ComponentProperties } from '../shared/components';

describe('effectiveProperties (the override rule)', () => {
  const shared: ComponentProperties = { global: true, title: 'Intro', content: '<p>Shared</p>', fileKey: 'k/shared' };
  const own = { properties: { content: '<p>Acme only</p>' }, activeFlag: true };

  test('global on: every company sees the shared properties, whatever it keeps', () => {
    expect(effectiveProperties(shared, own)).toEqual({ properties: shared, active: true });
    expect(effectiveProperties(shared, { properties: {}, activeFlag: false })).toEqual({
      properties: shared,
      active: true,
    });
  });

  test('global off: the company content wins for the content keys only; the rest stays shared', () => {
    const off = { ...shared, global: false };
    const r = effectiveProperties(off, {
      properties: { content: '<p>Acme only</p>', title: 'Hacked' } as never,
      activeFlag: true,
    });
    expect(r.active).toBe(true);
    expect(r.properties).toEqual({ ...off, content: '<p>Acme only</p>' });
  });

  test('global off without company content: the shared content; with no override at all: active', () => {
    const off = { ...shared, global: false };
    expect(effectiveProperties(off, { properties: {}, activeFlag: true }).properties.content).toBe('<p>Shared</p>');
    expect(effectiveProperties(off, null)).toEqual({ properties: off, active: true });
  });

  test('activeFlag off leaves the component out of that company only while global is off', () => {
    const off = { ...shared, global: false };
    expect(effectiveProperties(off, { properties: {}, activeFlag: false }).active).toBe(false);
    expect(effectiveProperties(shared, { properties: {}, activeFlag: false }).active).toBe(true);
  });
});

describe('sanitizeRichText', () => {
  test('script, event handlers, styles and javascript: links are removed; the allowed markup stays', () => {
    const dirty =
      '<h2 onclick="x()">Title</h2><p style="color:red">Hi <script>alert(1)</script><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">good</a> ' +
      '<a href="mailto:a@b.example">mail</a> <a href="/relative">rel</a></p><iframe src="https://x"></iframe>' +
      '<ul><li><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></li></ul><blockquote>q</blockquote>' +
      '<table><thead><tr><th>H</th></tr></thead><tbody><tr><td colspan="2" class="c">D</td></tr></tbody></table>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|style=|iframe|<img|target=|class=|\/relative/i);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<a href="https://example.com">good</a>');
    expect(clean).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(clean).toContain('<a>bad</a>');
    expect(clean).toContain('<li><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></li>');
    expect(clean).toContain('<blockquote>q</blockquote>');
    expect(clean).toContain('<td colspan="2">D</td>');
  });

  test('an svg or a data: link does not survive; text is kept', () => {
    const clean = sanitizeRichText('<svg onload="x()"><text>t</text></svg><a href="data:text/html,<script>">d</a>');
    expect(clean).not.toMatch(/svg|onload|data:/);
    expect(clean).toContain('<a>d</a>');
  });

  test('hasRichText: markup without text is empty', () => {
    expect(hasRichText('<p> &nbsp;<br></p>')).toBe(false);
    expect(hasRichText('<p>x</p>')).toBe(true);
    expect(hasRichText(undefined)).toBe(false);
  });
});

describe('builder rules', () => {
  test('mergeProperties: keys replace, null removes (ids keep null), signedUrl is never stored', () => {
    const merged = mergeProperties(
      { global: true, title: 'T', content: 'c', projectId: 5 },
      { title: null, content: 'new', projectId: null, signedUrl: 'https://x', fileKey: 'k' },
    );
    expect(merged).toEqual({ global: true, content: 'new', projectId: null, fileKey: 'k' });
    expect(mergeProperties({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}'))).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('isCompleteOrder: every key once', () => {
    expect(isCompleteOrder(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isCompleteOrder(['a'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder(['a', 'c'], ['a', 'b'])).toBe(false);
    expect(isCompleteOrder([], [])).toBe(true);
  });

  test('insertPosition: the position asked within the list, else the end', () => {
    expect(insertPosition(undefined, 3)).toBe(3);
    expect(insertPosition(0, 3)).toBe(0);
    expect(insertPosition(9, 3)).toBe(3);
  });

  test('upload keys live under the tenant and only its own pass', () => {
    const key = uploadKey(7, '../Q3 report (final).docx');
    expect(key).toMatch(/^tenants\/7\/reports\/uploads\/[0-9a-f-]{36}\/Q3_report_final_.docx$/);
    expect(isReportUploadKey(key, 7)).toBe(true);
    expect(isReportUploadKey(key, 8)).toBe(false);
    expect(isReportUploadKey('tenants/7/settings/logo.png', 7)).toBe(false);
    expect(isReportUploadKey(`${key}/../../x`, 7)).toBe(false);
    expect(safeFileName('...')).toBe('file');
  });

  test('extensionFits: the name matches the content type', () => {
    expect(extensionFits('logo.PNG', 'image/png')).toBe(true);
    expect(extensionFits('photo.jpeg', 'image/jpeg')).toBe(true);
    expect(extensionFits('photo.png', 'image/jpeg')).toBe(false);
    expect(extensionFits('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      true,
    );
    expect(extensionFits('noext', 'image/png')).toBe(false);
  });
});
