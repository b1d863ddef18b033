/**
 * A stand-in for `graphql-tag`, which @refinedev/graphql uses for one query it builds (getMany):
 * urql's own `gql` parses the same documents with the small parser urql already ships, instead of
 * graphql-js's parser (~8 kB gzip).
 */
import { gql } from '@urql/core';

export { gql };
export default gql;
