import {
  addToMessageList,
  isSafeDownloadUrl,
  MSG_DOWNLOAD_FAILED,
  MSG_DOWNLOAD_PENDING,
  MSG_MIGRATION,
  NO_SERVER_BANNERS,
  routeServerMessage,
  trimMessageList,
} from './server-messages';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('message list cap (customer-success.md 4, 9)', () => {
  test('up to 10 entries are kept as they are', () => {
    expect(trimMessageList(range(10))).toEqual(range(10));
    expect(addToMessageList(range(9), 10)).toEqual(range(10));
  });
  test('above 10 the oldest is dropped', () => {
    expect(trimMessageList(range(11))).toEqual(range(11).slice(1));
    expect(trimMessageList(range(14))).toEqual(range(14).slice(1));
    expect(addToMessageList(range(10), 11)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
  test('above 14 the list is cut to the newest 10', () => {
    expect(trimMessageList(range(15))).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(addToMessageList(range(20), 21)).toEqual(range(21).slice(-10));
  });
  test('many messages one by one never keep more than 10', () => {
    let list: number[] = [];
    for (const n of range(50)) list = addToMessageList(list, n);
    expect(list).toEqual(range(50).slice(-10));
  });
});

describe('server messages by msg_type', () => {
  const b = NO_SERVER_BANNERS;
  test("'Internal server error' is ignored", () => {
    expect(routeServerMessage({ msg_type: 'Internal server error', msg: 'x' }, b)).toEqual({ kind: 'ignore' });
    expect(routeServerMessage({ msg_type: 'info', msg: 'Internal server error' }, b)).toEqual({ kind: 'ignore' });
  });
  test('error is logged, not listed', () => {
    expect(routeServerMessage({ msg_type: 'error', msg: 'boom' }, b)).toEqual({
      kind: 'log',
      message: { msg_type: 'error', msg: 'boom' },
    });
  });
  test('download_pending sets the pending banner; download clears it and downloads the file', () => {
    const pending = routeServerMessage({ msg_type: 'download_pending', msg: '' }, b);
    expect(pending).toEqual({ kind: 'banners', banners: { ...b, downloadPending: { msg: MSG_DOWNLOAD_PENDING } } });
    const state = (pending as { banners: typeof b }).banners;
    const done = routeServerMessage(
      { msg_type: 'download', msg: 'Report ready', download_url: '/v3/storage/r.csv?signature=1' },
      state,
    );
    expect(done).toEqual({
      kind: 'banners',
      banners: { ...b, downloadPending: null, download: { msg: 'Report ready', url: '/v3/storage/r.csv?signature=1' } },
      download: '/v3/storage/r.csv?signature=1',
    });
  });
  test('download_failed ends the pending state and shows the failure as an error toast', () => {
    const state = { ...b, downloadPending: { msg: 'Preparing your download' } };
    expect(routeServerMessage({ msg_type: 'download_failed', msg: 'Report template not found' }, state)).toEqual({
      kind: 'banners',
      banners: { ...b, downloadPending: null },
      toast: { msg_type: 'error', display_type: 'danger', msg: 'Report template not found' },
    });
    const general = routeServerMessage({ msg_type: 'download_failed', msg: '' }, state) as { toast: { msg: string } };
    expect(general.toast.msg).toBe(MSG_DOWNLOAD_FAILED);
  });
  test('download with no or an unsafe link only ends the pending state', () => {
    const state = { ...b, downloadPending: { msg: 'x' } };
    for (const download_url of [undefined, 'javascript:alert(1)', '//evil.example/x', 'data:text/html,x'])
      expect(routeServerMessage({ msg_type: 'download', msg: 'r', download_url }, state)).toEqual({
        kind: 'banners',
        banners: { ...b, downloadPending: null },
      });
  });
  test('migration turns the tenant migration state on, on:false turns it off; migration_warning shows a banner', () => {
    const on = routeServerMessage({ msg_type: 'migration', msg: '' }, b) as { banners: typeof b };
    expect(on.banners.migration).toEqual({ msg: MSG_MIGRATION });
    const off = routeServerMessage({ msg_type: 'migration', msg: '', on: false } as never, on.banners) as {
      banners: typeof b;
    };
    expect(off.banners.migration).toBeNull();
    const warn = routeServerMessage({ msg_type: 'migration_warning', msg: 'Tonight 22:00' }, b) as {
      banners: typeof b;
    };
    expect(warn.banners).toEqual({ ...b, migrationWarning: { msg: 'Tonight 22:00' } });
    // When the planned migration starts, its warning gives way to the migration banner.
    const started = routeServerMessage({ msg_type: 'migration', msg: 'Now', on: true } as never, warn.banners) as {
      banners: typeof b;
    };
    expect(started.banners).toEqual({ ...b, migration: { msg: 'Now' }, migrationWarning: null });
  });
  test('maintenance goes to its handler; other types go to the list', () => {
    expect(routeServerMessage({ msg_type: 'maintenance', msg: 'm' }, b).kind).toBe('maintenance');
    expect(routeServerMessage({ msg_type: 'admin_message', msg: 'hi' }, b)).toEqual({
      kind: 'list',
      message: { msg_type: 'admin_message', msg: 'hi' },
    });
  });
  test('safe download links', () => {
    expect(isSafeDownloadUrl('https://files.example.com/a.csv')).toBe(true);
    expect(isSafeDownloadUrl('/v3/storage/a.csv')).toBe(true);
    expect(isSafeDownloadUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeDownloadUrl(42)).toBe(false);
  });
});
