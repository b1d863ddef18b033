/**
 * What an operation may ask for at most, counted before it runs: every field costs 1, and what a
 * field with a `limit` argument selects is counted `limit` times (the argument's literal or its
 * variable's value), so nested lists multiply: 500 websites × 100 competitors × 100 products is
 * 5,000,000, not the ~30 fields the text shows. graphql-armor's cost limit (app.ts) multiplies
 * only by `first` / `last`, which this schema does not use.
 */
import {
  GraphQLError,
  Kind,
  getNamedType,
  getOperationAST,
  isObjectType,
  isInterfaceType,
  valueFromASTUntyped,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * About 250 pages of 1,000 rows with one field each, or one page of 1,000 rows of 250 fields: the
 * largest single page the API serves (limit 1,000, graphql/validate.ts) fits; a list inside a list
 * of that size does not.
 */
export const MAX_LIST_COST = 250_000;

/** The cost of the operation (see above); a `limit` left out counts with the schema's default. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): number {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return 0;
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);

  const costOf = (
    set: SelectionSetNode,
    parent: GraphQLNamedType | undefined,
    visiting: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        total += 1;
        if (!selection.selectionSet) continue;
        const field =
          parent && (isObjectType(parent) || isInterfaceType(parent))
            ? parent.getFields()[selection.name.value]
            : undefined;
        const given = selection.arguments?.find((argument) => argument.name.value === 'limit');
        const limit = given
          ? valueFromASTUntyped(given.value, variables ?? undefined)
          : field?.args.find((argument) => argument.name === 'limit')?.defaultValue;
        const times = typeof limit === 'number' && Number.isFinite(limit) ? Math.max(1, limit) : 1;
        total += times * costOf(selection.selectionSet, field ? getNamedType(field.type) : undefined, visiting);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += costOf(selection.selectionSet, type ?? undefined, visiting);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // A fragment inside itself is invalid GraphQL (validation refuses it): counted once here.
        if (fragment && !visiting.has(name))
          total += costOf(
            fragment.selectionSet,
            schema.getType(fragment.typeCondition.name.value) ?? undefined,
            new Set([...visiting, name]),
          );
      }
    }
    return total;
  };
  return costOf(operation.selectionSet, root, new Set());
}

export function useListCostLimit(max = MAX_LIST_COST): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = operationCost(
        args.schema,
        args.document,
        args.operationName,
        args.variableValues as Record<string, unknown> | undefined,
      );
      if (cost <= max) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `This request asks for too much at once (${cost} fields counting every list's limit; at most ${max}). Ask for smaller pages or fewer nested lists.`,
            {
              extensions: { code: 'QUERY_TOO_COSTLY', cost, max },
            },
          ),
        ],
      });
    },
  };
}
