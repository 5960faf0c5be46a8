import {
  addError,
  dismissError,
  ERROR_STATE_MAX,
  errorStateFor,
  invalidReturnOf,
  openErrors,
  supportMailto,
  type WorkspaceError,
} from './errors';

const get = (path: string) => ({ method: 'GET', path });

describe('shared error state (platform.md 8)', () => {
  test('HTTP errors: variant error for 500, warning otherwise, not dismissed', () => {
    expect(errorStateFor({ status: 500, message: 'boom' }, get('/v3/manager/session'), 5, 'a')).toEqual({
      id: 'a',
      kind: 'http',
      status: 500,
      message: 'boom',
      request: 'GET /v3/manager/session',
      variant: 'error',
      dismissed: false,
      at: 5,
    });
    for (const status of [0, 400, 404, 409, 502])
      expect(errorStateFor({ status, message: 'x' }, get('/v3/lciadmin/x'), 1, 'b')).toMatchObject({
        kind: 'http',
        variant: 'warning',
      });
  });
  test('tenant errors: state failed, variant danger, details info/url/data', () => {
    const body = { error: { message: 'Database is down' } };
    for (const path of ['/v3/tenant/12/assetType', '/v3/cs/tenant/12/cs/Goal', '/v3/tenantadmin/12/tenanttag/'])
      expect(errorStateFor({ status: 500, message: 'Database is down', body }, get(`${path}?_=1`), 1, 'c')).toEqual({
        id: 'c',
        kind: 'tenant',
        status: 500,
        message: 'Database is down',
        request: `GET ${path}`,
        state: 'failed',
        variant: 'danger',
        details: { info: 'Database is down', url: path, data: body },
        dismissed: false,
        at: 1,
      });
  });
  test('401 and 403 are only logged, not put in the state', () => {
    expect(errorStateFor({ status: 401, message: 'x' }, get('/v3/tenant/1/a'), 1, 'd')).toBeNull();
    expect(errorStateFor({ status: 403, message: 'x' }, get('/v3/tenant/1/a'), 1, 'd')).toBeNull();
  });
  test('the state keeps the newest entries; dismiss sets the flag; open errors are the undismissed, newest first', () => {
    let list: WorkspaceError[] = [];
    for (let i = 0; i < ERROR_STATE_MAX + 5; i++)
      list = addError(list, errorStateFor({ status: 400, message: `m${i}` }, get('/v3/x'), i, `e${i}`)!);
    expect(list).toHaveLength(ERROR_STATE_MAX);
    expect(list[0].id).toBe('e5');
    list = dismissError(list, 'e24');
    expect(list.find((e) => e.id === 'e24')?.dismissed).toBe(true);
    expect(openErrors(list)[0].id).toBe('e23');
    expect(openErrors(list)).toHaveLength(ERROR_STATE_MAX - 1);
  });
});

describe("'invalid return found for request: {status} - {request}'", () => {
  test('an HTML answer is never an API answer', () => {
    expect(invalidReturnOf(200, 'text/html; charset=utf-8', '<html>', 'GET /v3/x')).toBe(
      'invalid return found for request: 200 - GET /v3/x',
    );
  });
  test('JSON, text and empty answers pass when no field is expected', () => {
    expect(invalidReturnOf(200, 'application/json', { a: 1 }, 'GET /v3/x')).toBeNull();
    // Every answer is JSON by default: text, or a read answered with nothing, is no API answer.
    expect(invalidReturnOf(200, 'text/csv', 'a,b', 'GET /v3/x')).toBe(
      'invalid return found for request: 200 - GET /v3/x',
    );
    expect(invalidReturnOf(200, '', undefined, 'GET /v3/x')).toBe('invalid return found for request: 204 - GET /v3/x');
    expect(invalidReturnOf(200, 'text/csv', 'a,b', 'GET /v3/x', undefined, 'text')).toBeNull();
    expect(invalidReturnOf(200, '', undefined, 'POST /v3/x')).toBeNull();
    expect(invalidReturnOf(204, '', undefined, 'DELETE /v3/x')).toBeNull();
  });
  test('an expected field must be there (204 when there is no body)', () => {
    expect(invalidReturnOf(200, 'application/json', { goals: [] }, 'GET /v3/g', 'goals')).toBeNull();
    expect(invalidReturnOf(200, 'application/json', { other: 1 }, 'GET /v3/g', 'goals')).toBe(
      'invalid return found for request: 200 - GET /v3/g',
    );
    expect(invalidReturnOf(204, '', undefined, 'DELETE /v3/g/1', 'records_updated')).toBe(
      'invalid return found for request: 204 - DELETE /v3/g/1',
    );
  });
});

test('the support mail link carries the error, the request and the page', () => {
  const href = supportMailto('help@example.com', { message: 'Boom & co', request: 'GET /v3/x', status: 500 }, '/dash');
  expect(href.startsWith('mailto:help@example.com?subject=Lifecycle%20error%3A%20Boom%20%26%20co&body=')).toBe(true);
  const body = decodeURIComponent(href.split('&body=')[1]);
  expect(body).toContain('Message: Boom & co');
  expect(body).toContain('Request: GET /v3/x (HTTP 500)');
  expect(body).toContain('Page: /dash');
});
