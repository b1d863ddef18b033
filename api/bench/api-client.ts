/**
 * The API in process for a benchmark (yoga.fetch: token check, policy, resolvers, database), with
 * production settings, the Auth emulator's unsigned token of one user, and a GraphQL call that
 * throws on any error. Shared by bench:products, bench:suggestions and bench:insights.
 */
import { createTokenVerifier } from '@console/firebase-token';
import { UnsecuredJWT } from 'jose';
import type { Pool } from 'pg';
import { loadAccessControl } from '../src/access.ts';
import { createApi } from '../src/app.ts';

export async function benchApi(pool: Pool, user: { projectId: string; uid: string; email: string }) {
  const api = createApi({
    pool,
    verifyToken: createTokenVerifier({ projectId: user.projectId, emulator: true }),
    access: await loadAccessControl(),
    logging: false,
    environment: 'production',
  });
  const token = new UnsecuredJWT({ email: user.email })
    .setAudience(user.projectId)
    .setIssuer(`https://securetoken.google.com/${user.projectId}`)
    .setSubject(user.uid)
    .setIssuedAt()
    .setExpirationTime('2h')
    .encode();
  const gql = async (query: string, variables: Record<string, unknown>): Promise<any> => {
    const response = await api.fetch('http://bench/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: unknown };
    if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  return { api, token, gql };
}
