/**
 * Types a `gql` document with what GraphQL Code Generator read from it (operations.ts, generated
 * by `npm run codegen`), so the console holds no hand-written copy of a schema type
 * (docs/graphql.md):
 *
 *   export const SUPPORT_REQUEST_LIST_QUERY = typed('SupportRequestList', gql`query SupportRequestList(...) {...}`);
 *   type Row = ListRow<typeof SUPPORT_REQUEST_LIST_QUERY>;
 *   type Request = Fragment<'SupportRequestFields'>;
 *
 * Documents stay `gql` templates of @urql/core beside their page (the bundle is unchanged: the
 * generated module holds types only); fragments are `gql` documents interpolated as `${FRAGMENT}`.
 */
import type { DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@urql/core';
import type { Operations } from './operations.ts';

export type OperationName = keyof Operations;

export type TypedOperation<Name extends OperationName> = TypedDocumentNode<
  Operations[Name]['result'],
  Operations[Name]['variables']
>;

/** The data of a typed document. */
export type ResultOf<Document> = Document extends TypedDocumentNode<infer Result, infer _> ? Result : never;

/** The variables of a typed document. */
export type VariablesOf<Document> = Document extends TypedDocumentNode<infer _, infer Variables> ? Variables : never;

/** The fields a fragment selects, by the fragment's name. */
export type Fragment<Name extends OperationName> = Operations[Name]['result'];

/** The answer of a list operation: `{ data, meta }`, its root field's value. */
export type ListAnswer<Document> = ResultOf<Document>[keyof ResultOf<Document>];

/** One item of a list operation: the element of `data` under its root field (`{ data, meta }`). */
export type ListRow<Document> = ResultOf<Document>[keyof ResultOf<Document>] extends { data: ReadonlyArray<infer Row> }
  ? Row
  : never;

/**
 * `document` typed as the generated operation or fragment `name`. Throws when the document's own
 * first definition has another name, so a document can never carry another one's types.
 */
export function typed<Name extends OperationName>(name: Name, document: DocumentNode): TypedOperation<Name> {
  const first = document.definitions[0];
  const own = first && 'name' in first ? first.name?.value : undefined;
  if (own !== name) throw new Error(`typed('${name}'): the document defines ${own ?? 'no named operation'} first`);
  return document as TypedOperation<Name>;
}
