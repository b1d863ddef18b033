import type { DemoUser } from '../../../api/src/seed/demo-users.ts';
import { E2E_PORTS, E2E_WEB_URL } from '../stack-ports.ts';

/**
 * The API as a spec's setup and cleanup call it: through the worker, with a fresh ID token of a
 * demo user from the Auth emulator (what a signed-in console sends).
 */
export async function idToken(user: DemoUser): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

export interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; reason?: string } }[];
}

/** One GraphQL request as the user, answered as the API answered it (data and errors). */
export async function graphqlAnswer<T>(
  user: DemoUser,
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
): Promise<GraphQLAnswer<T>> {
  const response = await fetch(`${E2E_WEB_URL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken(user)}` },
    body: JSON.stringify({ operationName, query, variables }),
  });
  return (await response.json()) as GraphQLAnswer<T>;
}

/** One GraphQL request as the user; its data, or an error naming what the API answered. */
export async function graphql<T>(
  user: DemoUser,
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
): Promise<T> {
  const body = await graphqlAnswer<T>(user, query, variables, operationName);
  if (!body.data) throw new Error(`${operationName ?? 'request'} failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Reverts, newest first, every revertable decision taken on the website since `since` (a
 * person's and the matching engine's; the revert rows stay in the log), as `user` (an Owner),
 * pass by pass until none is left: a spec leaves the demo website's pairs as it found them.
 */
export async function revertDecisionsSince(user: DemoUser, websiteId: string, since: string): Promise<void> {
  for (let pass = 0; pass < 20; pass += 1) {
    const data = await graphql<{
      matchingLog: { data: { id: string; revertable: boolean; reverts: string | null }[] };
    }>(
      user,
      'query($w: ID!, $from: String!) { matchingLog(organizationWebsiteId: $w, filter: { from: $from }, limit: 500, offset: 0) { data { id revertable reverts } } }',
      { w: websiteId, from: since },
    );
    const revertable = data.matchingLog.data.filter((decision) => decision.revertable && !decision.reverts);
    if (!revertable.length) return;
    for (const decision of revertable)
      await graphql(user, 'mutation($input: MatchingRevertInput!) { matchingRevert(input: $input) { replayed } }', {
        input: { decisionId: decision.id, idempotencyKey: `e2e-cleanup-${decision.id}` },
      });
  }
  throw new Error(`decisions on ${websiteId} since ${since} were still revertable after 20 passes`);
}
