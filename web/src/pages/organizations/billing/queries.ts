import { gql } from '@urql/core';

export const PLANS_QUERY = gql`
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
`;

const BILLING_FIELDS = `
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
`;

export const ORGANIZATION_BILLING_QUERY = gql`
  query OrganizationBilling($organizationId: ID!) {
    organizationBilling(organizationId: $organizationId) {
      ${BILLING_FIELDS}
    }
  }
`;

export const ORGANIZATION_PLAN_CHANGE_MUTATION = gql`
  mutation OrganizationPlanChange($organizationId: ID!, $planId: ID!) {
    organizationPlanChange(organizationId: $organizationId, planId: $planId) {
      ${BILLING_FIELDS}
    }
  }
`;

export interface Plan {
  id: string;
  name: string;
  monthlyPrice: number;
  currency: string;
  limits: { websites: number; monitoredProducts: number; competitors: number; users: number };
}

export interface LimitUsage {
  name: string;
  limit: number;
  used: number;
}

export interface Invoice {
  id: string;
  periodStart: string;
  periodEnd: string;
  planId: string;
  amount: number;
  currency: string;
  status: 'paid' | 'open' | 'void';
}

export interface OrganizationBilling {
  id: string;
  organization: { id: string; name: string };
  plan: Pick<Plan, 'id' | 'name' | 'monthlyPrice' | 'currency'>;
  usage: LimitUsage[];
  invoices: Invoice[];
}
