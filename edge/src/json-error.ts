/** JSON error bodies in the GraphQL shape, so the console's GraphQL client can show them. */
export function graphqlError(message: string, code: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ errors: [{ message, extensions: { code } }] }, { status, headers: withNoStore(headers) });
}

function withNoStore(headers?: HeadersInit): Headers {
  const result = new Headers(headers);
  result.set('Cache-Control', 'no-store');
  return result;
}
