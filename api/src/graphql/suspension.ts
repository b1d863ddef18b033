/**
 * Organization suspension, enforced once for every operation: a user of a suspended
 * organization still signs in and reads its own AppUser (so the console can show who is
 * signed in and why nothing else loads), and every other request answers one GraphQL error
 * ORGANIZATION_SUSPENDED before any resolver runs.
 */
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ApiContext } from './context.ts';

export const ORGANIZATION_SUSPENDED_MESSAGE = 'Your organization is suspended. Contact support.';

/** Root fields a suspended organization's user may still ask for. */
const ALLOWED_WHILE_SUSPENDED = new Set(['appUser', '__typename']);
/**
 * The edge worker asks for the caller's roles under this operation name before any storage read or
 * write (edge/src/storage/access.ts): refused like any data request, so a suspended organization's
 * users read and write no storage (docs/storage.md).
 */
export const STORAGE_ACCESS_OPERATION = 'StorageAccess';

export const organizationSuspended = () =>
  new GraphQLError(ORGANIZATION_SUSPENDED_MESSAGE, { extensions: { code: 'ORGANIZATION_SUSPENDED' } });

export function useOrganizationSuspension(): Plugin<ApiContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as Partial<ApiContext>;
      if (!ctx.viewer?.organizationSuspended) return;
      const fields = rootFields(args.document, args.operationName ?? null);
      if (fields.every((field) => ALLOWED_WHILE_SUSPENDED.has(field))) return;
      setResultAndStopExecution({ data: null, errors: [organizationSuspended()] });
    },
  };
}

/** The root field names the operation selects, through fragments. */
function rootFields(document: DocumentNode, operationName: string | null): string[] {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  // No operation found (graphql reports that itself): treat it as a data request.
  if (!operation) return ['?'];
  // Only reads are allowed: any mutation or subscription is a data request; so is the storage check.
  if (operation.operation !== 'query' || operation.name?.value === STORAGE_ACCESS_OPERATION) return ['?'];
  walk(operation.selectionSet);
  return names;
}
