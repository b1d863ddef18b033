import { gql } from '@urql/core';

const SUPPORT_REQUEST_FIELDS = `
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
`;

export const SUPPORT_REQUEST_LIST_QUERY = gql`
  query SupportRequestList($status: SupportRequestStatus, $limit: Int!, $offset: Int!) {
    supportRequestList(status: $status, limit: $limit, offset: $offset) {
      data {
        ${SUPPORT_REQUEST_FIELDS}
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`;

export const SUPPORT_REQUEST_CREATE_MUTATION = gql`
  mutation SupportRequestCreate($input: SupportRequestInput!) {
    supportRequestCreate(input: $input) {
      ${SUPPORT_REQUEST_FIELDS}
    }
  }
`;

export const SUPPORT_REQUEST_RESOLVE_MUTATION = gql`
  mutation SupportRequestResolve($supportRequestId: ID!) {
    supportRequestResolve(supportRequestId: $supportRequestId) {
      id
      status
      resolvedAt
    }
  }
`;

export type SupportRequestStatus = 'open' | 'resolved';

export interface SupportRequestRow {
  id: string;
  topic: string;
  message: string;
  status: SupportRequestStatus;
  userEmail: string;
  userId: string | null;
  organization: { id: string; name: string } | null;
  createdAt: string;
  resolvedAt: string | null;
}
