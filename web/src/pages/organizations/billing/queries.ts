import { gql } from '@urql/core';
import { type Fragment, type ResultOf, typed } from '../../../graphql/typed.ts';

export const PLANS_QUERY = typed(
  'Plans',
  gql`
    query Plans {
      plans {
        id
        name
        monthlyPrice
        currency
        limits {
          websites
          monitoredProducts
          competitors
          users
        }
      }
    }
  `,
);

const BILLING_FIELDS = gql`
  fragment OrganizationBillingFields on OrganizationBilling {
    id
    organization {
      id
      name
    }
    plan {
      id
      name
      monthlyPrice
      currency
    }
    usage {
      name
      limit
      used
    }
    invoices {
      id
      periodStart
      periodEnd
      planId
      amount
      currency
      status
    }
  }
`;

export const ORGANIZATION_BILLING_QUERY = typed(
  'OrganizationBilling',
  gql`
    query OrganizationBilling($organizationId: ID!) {
      organizationBilling(organizationId: $organizationId) {
        ...OrganizationBillingFields
      }
    }
    ${BILLING_FIELDS}
  `,
);

export const ORGANIZATION_PLAN_CHANGE_MUTATION = typed(
  'OrganizationPlanChange',
  gql`
    mutation OrganizationPlanChange($organizationId: ID!, $planId: ID!) {
      organizationPlanChange(organizationId: $organizationId, planId: $planId) {
        ...OrganizationBillingFields
      }
    }
    ${BILLING_FIELDS}
  `,
);

export type Plan = ResultOf<typeof PLANS_QUERY>['plans'][number];

export type OrganizationBilling = Fragment<'OrganizationBillingFields'>;

export type LimitUsage = OrganizationBilling['usage'][number];

export type Invoice = OrganizationBilling['invoices'][number];
