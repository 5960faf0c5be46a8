/**
 * Checks a route's reply against the response schema it declares (LCI_CHECK_RESPONSES, on in test servers):
 * a 2xx JSON answer that does not match is a server bug, answered 500 with the route and the paths at fault,
 * so every API test, the isolation probe and the fuzzer check replies without saying so. Off in production.
 */
import type { z } from 'zod';
import { HttpError } from './errors';
import type { RegisteredRoute } from './route-spec';

interface ResponseMismatch {
  route: string;
  issues: { path: string; message: string }[];
}

/** The mismatch of a reply (as the client receives it: parsed JSON) with the route's schema, or null. */
export function responseMismatch(route: RegisteredRoute, status: number, wire: unknown): ResponseMismatch | null {
  const schema = route.spec.response as z.ZodType | undefined;
  if (!schema || status < 200 || status >= 300) return null;
  const r = schema.safeParse(wire);
  if (r.success) return null;
  return {
    route: `${route.method.toUpperCase()} ${route.path}`,
    issues: r.error.issues
      .slice(0, 10)
      .map((i) => ({ path: i.path.length ? i.path.map(String).join('.') : '(root)', message: i.message })),
  };
}

export function responseMismatchError(m: ResponseMismatch): HttpError {
  const where = m.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new HttpError(
    500,
    `The reply of ${m.route} does not match its declared response schema: ${where}`,
    'response_schema_mismatch',
    m.issues.map((i) => ({ path: `response.${i.path}`, message: i.message })),
  );
}
