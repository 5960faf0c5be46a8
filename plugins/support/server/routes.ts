/**
 * The support routes: thin (parse with the shared schemas, call the instance's service, shape the answer).
 * Tenant routes need a signed-in user of the tenant and no page access: support stays open to every user whatever
 * their group (platform.md 4.7 step 15 lists support among the always-open pages), so a Read Only user can still
 * ask for help. Internal routes need an internal admin and read across tenants through the audited system scope.
 */
import type { Kernel, RouteRegistrar } from '../../../kernel/index';
import {
  INTERNAL_COUNTS_PATH,
  INTERNAL_REQUESTS_PATH,
  answerBody,
  answerResponse,
  closeResponse,
  fileRequestBody,
  fileRequestResponse,
  internalCountsResponse,
  internalListResponse,
  internalQuery,
  listRequestsResponse,
  replyBody,
  replyResponse,
  requestParams,
  tenantParams,
  tenantRequestParams,
  uploadBody,
  uploadResponse,
} from '../shared/api';
import type { SupportInstance } from './service';

export function routes(r: RouteRegistrar, _k: Kernel, self: SupportInstance): void {
  r.get(
    '/v3/tenant/:tenantId/support/requests',
    {
      summary: "The tenant's support requests with status, attachments and answers (non-admins: their own)",
      tags: ['support'],
      params: tenantParams,
      response: listRequestsResponse,
    },
    async ({ db, caller }) => ({ requests: await self.list(db, caller!) }),
  );

  r.post(
    '/v3/tenant/:tenantId/support/attachments',
    {
      summary: 'A signed link to upload one attachment (type and size checked, then signed into the link)',
      tags: ['support'],
      params: tenantParams,
      body: uploadBody,
      write: false,
      response: uploadResponse,
    },
    ({ tenantId, body }) => self.uploadLink(tenantId, body),
  );

  r.post(
    '/v3/tenant/:tenantId/support/requests',
    {
      summary: 'File a support request to internal support (mailed to support; at most 5 an hour per user)',
      tags: ['support'],
      params: tenantParams,
      body: fileRequestBody,
      response: fileRequestResponse,
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const request = await self.file(db, tenantId, caller!, body);
      await audit(
        'support.request.insert',
        { issue_type: request.issue_type, priority_level: request.priority_level },
        String(request.request_id),
      );
      return { request, records_updated: 1 as const };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/support/requests/:requestId/replies',
    {
      summary:
        'Reply to a support request (the requester or a tenant admin): text and files; an answered or closed request is open again; mailed to support',
      tags: ['support'],
      params: tenantRequestParams,
      body: replyBody,
      response: replyResponse,
    },
    async ({ db, tenantId, params, caller, body, audit }) => {
      const { request, reopened, files } = await self.reply(db, tenantId, caller!, params.requestId, body);
      await audit(
        'support.request.reply',
        { status: request.status, reopened, attachments: files },
        String(params.requestId),
      );
      return { request, records_updated: 1 as const };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/support/requests/:requestId/close',
    {
      summary: 'Close a support request (the requester or a tenant admin); 409 when it is closed already',
      tags: ['support'],
      params: tenantRequestParams,
      response: closeResponse,
    },
    async ({ db, tenantId, params, caller, audit }) => {
      const request = await self.close(db, tenantId, caller!, params.requestId);
      await audit('support.request.close', {}, String(params.requestId));
      return { request, records_updated: 1 as const };
    },
  );

  r.get(
    INTERNAL_COUNTS_PATH,
    {
      summary: 'How many support requests of every tenant are open and in progress (internal support)',
      tags: ['support'],
      auth: 'internal',
      scope: 'system',
      response: internalCountsResponse,
    },
    ({ db }) => self.counts(db),
  );

  r.get(
    INTERNAL_REQUESTS_PATH,
    {
      summary: 'Support requests of every tenant (internal support), filtered by status, priority and tenant',
      tags: ['support'],
      auth: 'internal',
      scope: 'system',
      query: internalQuery,
      response: internalListResponse,
    },
    async ({ db, query }) => ({ requests: await self.inbox(db, query) }),
  );

  r.put(
    `${INTERNAL_REQUESTS_PATH}/:requestId`,
    {
      summary: 'Answer a support request and set its status (the requester is mailed); internal support only',
      tags: ['support'],
      auth: 'internal',
      scope: 'system',
      params: requestParams,
      body: answerBody,
      response: answerResponse,
    },
    async ({ db, params, caller, body, audit }) => {
      const request = await self.answer(db, params.requestId, caller!, body);
      await audit(
        'lcisupport.support.answer',
        { tenant_id: request.tenant_id, status: body.status, answered: body.answer.length > 0 },
        String(params.requestId),
      );
      return { request, records_updated: 1 as const };
    },
  );
}
