import { gql } from '@urql/core';
import { type Fragment, typed } from '../../graphql/typed.ts';

const SUPPORT_REQUEST_FIELDS = gql`
  fragment SupportRequestFields on SupportRequest {
    id
    topic
    message
    status
    userEmail
    userId
    organization {
      id
      name
    }
    createdAt
    resolvedAt
  }
`;

export const SUPPORT_REQUEST_LIST_QUERY = typed(
  'SupportRequestList',
  gql`
    query SupportRequestList($status: SupportRequestStatus, $limit: Int!, $offset: Int!) {
      supportRequestList(status: $status, limit: $limit, offset: $offset) {
        data {
          ...SupportRequestFields
        }
        meta {
          pagination {
            total
          }
        }
      }
    }
    ${SUPPORT_REQUEST_FIELDS}
  `,
);

export const SUPPORT_REQUEST_CREATE_MUTATION = typed(
  'SupportRequestCreate',
  gql`
    mutation SupportRequestCreate($input: SupportRequestInput!) {
      supportRequestCreate(input: $input) {
        ...SupportRequestFields
      }
    }
    ${SUPPORT_REQUEST_FIELDS}
  `,
);

export const SUPPORT_REQUEST_RESOLVE_MUTATION = typed(
  'SupportRequestResolve',
  gql`
    mutation SupportRequestResolve($supportRequestId: ID!) {
      supportRequestResolve(supportRequestId: $supportRequestId) {
        id
        status
        resolvedAt
      }
    }
  `,
);

export type SupportRequestRow = Fragment<'SupportRequestFields'>;
