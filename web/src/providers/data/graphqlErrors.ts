/**
 * How a raw GraphQL HTTP answer becomes either a JSON body or an error (api/src/graphql/errors.ts).
 * Kept free of any client so it can be tested as a table.
 */
export class GraphQLTransportError extends Error {
  override name = 'GraphQLTransportError';
  constructor(
    message: string,
    /** The HTTP status when the server answered, so a 401 can sign the user out. */
    readonly statusCode?: number,
  ) {
    super(message);
  }
}

export const statusMessage = (status: number) => `Response not successful: Received status code ${status}`;
export const MISSING_RESPONSE_MESSAGE = 'Server response was missing for query';

/** Returns the parsed JSON body of a GraphQL answer, or throws the error the spec names. */
export function readGraphQLResponse(status: number, bodyText: string): unknown {
  if (status >= 300) throw new GraphQLTransportError(statusMessage(status), status);
  if (bodyText.trim() === '') throw new GraphQLTransportError(MISSING_RESPONSE_MESSAGE, status);
  try {
    return JSON.parse(bodyText) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GraphQLTransportError(`JSON parse error: ${reason}`, status);
  }
}

/** The HTTP status named in a transport error message, once it has been wrapped by urql or Refine. */
export function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, message } = error as { statusCode?: unknown; message?: unknown };
  if (typeof statusCode === 'number') return statusCode;
  const match = typeof message === 'string' ? /Received status code (\d{3})/.exec(message) : null;
  return match ? Number(match[1]) : undefined;
}
