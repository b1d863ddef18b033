/** docs/graphql.md: 'Bearer {token}' when signed in, an empty value when nobody is. */
export function authorizationHeader(token: string | null | undefined): string {
  return token ? `Bearer ${token}` : '';
}
