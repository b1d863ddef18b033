/**
 * Who may read and write: the caller's roles live in the API's database, so after the ID token is
 * verified the worker asks the API (the AppUser query, with the caller's own Authorization
 * header), takes the effective role and checks it against the console's policy, which is built
 * once per isolate from policies/model.conf + policy.csv.
 */
import { createAccessControl, effectiveRole, type AccessControl, type Role } from '@console/policies';
import modelText from '@console/policies/model.conf';
import policyText from '@console/policies/policy.csv';
import { StorageError } from './errors.ts';

let accessControl: Promise<AccessControl> | undefined;

/** The policy enforcer of this isolate (built on first use). */
export function policy(): Promise<AccessControl> {
  accessControl ??= createAccessControl(modelText, policyText).catch((error: unknown) => {
    accessControl = undefined;
    throw error;
  });
  return accessControl;
}

/**
 * The caller's AppUser under the operation name StorageAccess: the API refuses this operation to
 * the users of a suspended organization (api/src/graphql/suspension.ts), who read and write no storage.
 */
export const STORAGE_ACCESS_OPERATION = 'StorageAccess';
export const APP_USER_QUERY = `query ${STORAGE_ACCESS_OPERATION}($userId: ID!) { appUser(userId: $userId) { id roles } }`;

export interface RoleLookup {
  graphqlUpstream: string;
  timeoutMs: number;
  /** The caller's Authorization header, as received. */
  authorization: string;
  uid: string;
  requestId: string;
  /** The header proving the call comes from the edge (env.ts edgeSecretHeaders). */
  edgeHeaders?: Record<string, string>;
  fetch?: typeof fetch;
}

interface AppUserAnswer {
  data?: { appUser?: { id: string; roles?: string[] | null } | null } | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

/** The caller's effective role according to the API; throws StorageError when it cannot tell. */
export async function callerRole(lookup: RoleLookup): Promise<Role> {
  const timeout = AbortSignal.timeout(lookup.timeoutMs);
  let response: Response;
  try {
    response = await (lookup.fetch ?? fetch)(lookup.graphqlUpstream, {
      method: 'POST',
      headers: {
        Authorization: lookup.authorization,
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json',
        'X-Request-Id': lookup.requestId,
        ...lookup.edgeHeaders,
      },
      body: JSON.stringify({
        operationName: STORAGE_ACCESS_OPERATION,
        query: APP_USER_QUERY,
        variables: { userId: lookup.uid },
      }),
      signal: timeout,
      redirect: 'manual',
    });
  } catch (error) {
    if (timeout.aborted)
      throw new StorageError(
        'storage/unknown',
        `The API did not say who you are within ${lookup.timeoutMs / 1000} s.`,
        504,
      );
    console.error(`[edge] role lookup: API unreachable: ${(error as Error).message}`);
    throw new StorageError(
      'storage/unknown',
      'The API is unreachable, so your permissions cannot be checked; try again in a moment.',
    );
  }

  let answer: AppUserAnswer | null = null;
  try {
    answer = (await response.json()) as AppUserAnswer;
  } catch {
    // Handled below.
  }
  const codes = (answer?.errors ?? []).map((error) => error.extensions?.code);
  if (response.status === 401 || codes.includes('UNAUTHENTICATED')) {
    throw new StorageError('storage/unauthenticated', 'The API did not accept your sign-in; sign in again.');
  }
  if (codes.includes('ORGANIZATION_SUSPENDED')) {
    throw new StorageError('storage/unauthorized', 'Your organization is suspended, so it may not use storage.');
  }
  const user = answer?.data?.appUser;
  if (user && Array.isArray(user.roles)) return effectiveRole(user.roles);
  if (
    response.status === 403 ||
    codes.includes('FORBIDDEN') ||
    codes.includes('NOT_FOUND') ||
    (answer?.data && user === null)
  ) {
    throw new StorageError(
      'storage/unauthorized',
      'This account has no access to the console, so it may not change storage.',
    );
  }
  console.error(`[edge] role lookup: unexpected API answer (status ${response.status})`);
  throw new StorageError(
    'storage/unknown',
    'The API gave no usable answer about your permissions; try again in a moment.',
  );
}
