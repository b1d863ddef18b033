/**
 * GraphQL Code Generator (`npm run codegen`): the TypeScript types both sides read from the one
 * schema (docs/graphql.md).
 * - API: resolver signatures for every schema file (each area's api/src/<area>/schema.graphql and
 *   the common types of api/src/schema/*.graphql, as api/src/schema/index.ts loads them)
 *   -> api/src/graphql/generated/resolvers.ts
 * - Console: result and variables types of every `gql` operation and fragment under web/src
 *   -> web/src/graphql/operations.ts (types only: nothing of it reaches the bundle)
 * Generated files are committed; `npm test` runs `graphql-codegen --check`, which fails when they
 * are stale or when an operation no longer matches the schema.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

export const SCHEMA = ['api/src/schema/*.graphql', 'api/src/*/schema.graphql'];

export const DOCUMENTS = [
  'web/src/**/*.{ts,tsx}',
  '!web/src/**/*.test.{ts,tsx}',
  '!web/src/graphql/**',
  '!web/src/shims/**',
];

const HEADER = './scripts/codegen/header.cjs';

const config: CodegenConfig = {
  overwrite: true,
  schema: SCHEMA,
  generates: {
    'api/src/graphql/generated/resolvers.ts': {
      plugins: [HEADER, 'typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context.ts#ApiContext',
        // Resolvers may return a part of an object whose other fields have resolvers of their own.
        defaultMapper: 'Partial<{T}>',
        // Where what a resolver answers differs from the schema type (fields resolved later from
        // ids it carries), the resolvers' parent and answer types are the store's object.
        mappers: {
          Organization: 'Partial<Organization>',
          ProductFeed: '../../feeds/feeds-store.ts#FeedObject',
          FeedImportRun: '../../feeds/feeds-store.ts#RunObject',
          Product: '../../catalogue/products-store.ts#ProductObject',
          CompetitorProduct: '../../catalogue/competitor-products-store.ts#CompetitorProductObject',
        },
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
      },
    },
    'web/src/graphql/operations.ts': {
      documents: DOCUMENTS,
      plugins: [HEADER, 'typescript-operations', './scripts/codegen/operation-map.cjs'],
      config: {
        useTypeImports: true,
        skipTypename: true,
        enumType: 'string-literal',
        // The console sends and reads every ID as a string.
        scalars: { ID: 'string' },
      },
    },
  },
};

export default config;
