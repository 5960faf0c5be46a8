/** customer-success.md 5 and 8: a response lacking its expected field (the workspace's api client, the CS client). */
export const invalidReturn = (status: number, request: string) =>
  `invalid return found for request: ${status} - ${request}`;
