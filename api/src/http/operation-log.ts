/**
 * The request log: one line per GraphQL request with the operation's name and type, how long it
 * took, who asked (uid, organization), the request id the edge worker passed (X-Request-Id) and
 * the outcome. Never the query's variables, the token or any other header.
 *
 * yoga's side (useOperationNotes) notes what it learns on the node request; the HTTP side
 * (listener.ts) writes the line when the response is finished, so requests refused before yoga
 * (403, 411, 413) and answers kept in front of yoga (graphql/website-list-answers.ts) get a line too.
 */
import type { IncomingMessage } from 'node:http';
import { getOperationAST, type DocumentNode, type GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ApiContext } from '../graphql/context.ts';

export interface OperationNote {
  operation?: string | null;
  type?: string;
  uid?: string;
  organizationId?: string | null;
  errorCodes?: string[];
}

const notes = new WeakMap<IncomingMessage, OperationNote>();

export function noteOf(req: IncomingMessage): OperationNote | undefined {
  return notes.get(req);
}

function note(serverContext: unknown): OperationNote | undefined {
  const req = (serverContext as { req?: IncomingMessage } | null)?.req;
  if (!req) return undefined;
  let found = notes.get(req);
  if (!found) notes.set(req, (found = {}));
  return found;
}

/** The name of a document's operation when the request names none (`query Name ...`). */
export function operationNameOf(query: unknown): string | null {
  if (typeof query !== 'string') return null;
  const match = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query);
  return match?.[1] ?? null;
}

export function useOperationNotes(): Plugin<ApiContext> {
  return {
    onParams({ params, context }) {
      const found = note(context);
      if (found) found.operation = params.operationName ?? operationNameOf(params.query);
    },
    onExecute({ args }) {
      const found = note(args.contextValue);
      if (!found) return;
      const context = args.contextValue as Partial<ApiContext>;
      if (context.viewer) {
        found.uid = context.viewer.id;
        found.organizationId = context.viewer.organizationId;
      }
      const operation = getOperationAST(args.document as DocumentNode, args.operationName ?? undefined);
      if (operation) {
        found.type = operation.operation;
        found.operation ??= operation.name?.value ?? null;
      }
    },
    onExecutionResult({ result, context }) {
      const found = note(context);
      if (!found || Symbol.asyncIterator in (result as object)) return;
      const errors = (result as { errors?: readonly GraphQLError[] }).errors ?? [];
      if (errors.length)
        found.errorCodes = [
          ...new Set(errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR'))),
        ];
    },
  };
}

export type Outcome = 'ok' | 'errors' | 'rejected' | 'failed';

export function outcomeOf(status: number, note: OperationNote | undefined): Outcome {
  if (status >= 500) return 'failed';
  if (status >= 400) return 'rejected';
  return note?.errorCodes?.length ? 'errors' : 'ok';
}
