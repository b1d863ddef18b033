import type { AppUserQuery } from '../../graphql/operations.ts';
import type { GraphQLClientHolder } from '../data/graphqlClient.ts';

export type AppUser = NonNullable<AppUserQuery['appUser']>;

/** Loads the AppUser once per signed-in uid and shares it between identity and access checks. */
export interface AppUserStore {
  load(uid: string): Promise<AppUser | null>;
  clear(): void;
}

export function createAppUserStore(graphql: GraphQLClientHolder): AppUserStore {
  let cached: { uid: string; user: Promise<AppUser | null> } | null = null;
  return {
    load(uid) {
      if (cached?.uid !== uid) {
        const user = Promise.all([graphql.current(), import('./queries.ts')])
          .then(([client, { APP_USER_QUERY }]) =>
            client.query(APP_USER_QUERY, { userId: uid }, { requestPolicy: 'network-only' }).toPromise(),
          )
          .then((result) => {
            if (result.error) throw result.error;
            return result.data?.appUser ?? null;
          });
        // A failed load is retried by the next caller instead of being remembered.
        user.catch(() => {
          if (cached?.user === user) cached = null;
        });
        cached = { uid, user };
      }
      return cached.user;
    },
    clear() {
      cached = null;
    },
  };
}
