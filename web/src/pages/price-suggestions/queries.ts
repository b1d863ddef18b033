import { gql } from '@urql/core';
import { PRICE_SUGGESTION_FIELDS } from '../../features/pricing/queries.ts';
import { typed } from '../../graphql/typed.ts';

/**
 * The GraphQL operations of the price suggestion pages (api/src/pricing/schema.graphql): rules,
 * their editor's live count, preview and simulation, suggestions, their review and log.
 */

export const PRICE_RULE_FIELDS = typed(
  'PriceRuleFields',
  gql`
  fragment PriceRuleFields on PriceRule {
    id
    name
    status
    priority
    products {
      brands
      categories
      priceMin
      priceMax
      availability
      includeProductIds
      excludeProductIds
    }
    competitors {
      mode
      competitorIds
      competitorList {
        id
        name
      }
      matchTypes
      inStockOnly
      maxAgeDays
      minPrices
    }
    strategy {
      type
      beatBy
      beatUnit
      position
      competitorId
      competitor {
        id
        name
      }
      withinPercent
      tolerancePercent
    }
    bounds {
      costMargin
      costMarginUnit
      useMap
      minimumPrice
      useRrp
      maximumPrice
      maxChangePercent
    }
    rounding {
      mode
      ending
      step
      direction
    }
    affectedCount
    suggestionCount
    updatedAt
    updatedBy
  }
`,
);

export const PRICE_RULE_LIST_QUERY = typed(
  'PriceRuleList',
  gql`
  query PriceRuleList($organizationWebsiteId: ID!, $status: PriceRuleStatus, $search: String, $sort: PriceRuleSort, $limit: Int!, $offset: Int!) {
    priceRuleList(organizationWebsiteId: $organizationWebsiteId, status: $status, search: $search, sort: $sort, limit: $limit, offset: $offset) {
      data {
        ...PriceRuleFields
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
  ${PRICE_RULE_FIELDS}
`,
);

export const PRICE_RULE_QUERY = typed(
  'PriceRule',
  gql`
  query PriceRule($priceRuleId: ID!) {
    priceRule(priceRuleId: $priceRuleId) {
      ...PriceRuleFields
      organizationWebsiteId
    }
  }
  ${PRICE_RULE_FIELDS}
`,
);

export const PRICE_RULE_AFFECTED_COUNT_QUERY = typed(
  'PriceRuleAffectedCount',
  gql`
  query PriceRuleAffectedCount($organizationWebsiteId: ID!, $products: PriceRuleProductsInput!) {
    priceRuleAffectedCount(organizationWebsiteId: $organizationWebsiteId, products: $products)
  }
`,
);

export const PRICE_RULE_PREVIEW_QUERY = typed(
  'PriceRulePreview',
  gql`
  query PriceRulePreview($organizationWebsiteId: ID!, $products: PriceRuleProductsInput!, $limit: Int!, $offset: Int!) {
    priceRulePreview(organizationWebsiteId: $organizationWebsiteId, products: $products, limit: $limit, offset: $offset) {
      total
      data {
        id
        itemId
        name
        brand
        category
        price
        currency
        stock
        cost
        map
        rrp
      }
    }
  }
`,
);

export const PRICE_RULE_SIMULATION_QUERY = typed(
  'PriceRuleSimulation',
  gql`
  query PriceRuleSimulation($organizationWebsiteId: ID!, $input: PriceRuleInput!, $buckets: Int, $largest: Int) {
    priceRuleSimulation(organizationWebsiteId: $organizationWebsiteId, input: $input, buckets: $buckets, largest: $largest) {
      selected
      raised
      lowered
      unchanged
      heldByFloor
      heldByCeiling
      noData
      histogram {
        fromPercent
        toPercent
        count
      }
      largestChanges {
        ...PriceSuggestionFields
      }
    }
  }
  ${PRICE_SUGGESTION_FIELDS}
`,
);

export const PRICE_RULE_CREATE_MUTATION = typed(
  'PriceRuleCreate',
  gql`
  mutation PriceRuleCreate($organizationWebsiteId: ID!, $input: PriceRuleInput!) {
    priceRuleCreate(organizationWebsiteId: $organizationWebsiteId, input: $input) {
      ...PriceRuleFields
    }
  }
  ${PRICE_RULE_FIELDS}
`,
);

export const PRICE_RULE_UPDATE_MUTATION = typed(
  'PriceRuleUpdate',
  gql`
  mutation PriceRuleUpdate($priceRuleId: ID!, $input: PriceRuleInput!) {
    priceRuleUpdate(priceRuleId: $priceRuleId, input: $input) {
      ...PriceRuleFields
    }
  }
  ${PRICE_RULE_FIELDS}
`,
);

export const PRICE_RULE_DELETE_MUTATION = typed(
  'PriceRuleDelete',
  gql`
  mutation PriceRuleDelete($priceRuleId: ID!) {
    priceRuleDelete(priceRuleId: $priceRuleId) {
      id
      name
    }
  }
`,
);

export const PRICE_RULE_DUPLICATE_MUTATION = typed(
  'PriceRuleDuplicate',
  gql`
  mutation PriceRuleDuplicate($priceRuleId: ID!) {
    priceRuleDuplicate(priceRuleId: $priceRuleId) {
      id
      name
    }
  }
`,
);

export const PRICE_RULE_STATUS_SET_MUTATION = typed(
  'PriceRuleStatusSet',
  gql`
  mutation PriceRuleStatusSet($priceRuleId: ID!, $status: PriceRuleStatus!) {
    priceRuleStatusSet(priceRuleId: $priceRuleId, status: $status) {
      id
      name
      status
    }
  }
`,
);

export const PRICE_RULE_REORDER_MUTATION = typed(
  'PriceRuleReorder',
  gql`
  mutation PriceRuleReorder($organizationWebsiteId: ID!, $priceRuleIds: [ID!]!) {
    priceRuleReorder(organizationWebsiteId: $organizationWebsiteId, priceRuleIds: $priceRuleIds) {
      id
      priority
    }
  }
`,
);

export const COMPETITOR_CHOICES_QUERY = typed(
  'PriceRuleCompetitorChoices',
  gql`
  query PriceRuleCompetitorChoices($organizationWebsiteId: ID!) {
    competitorList(organizationWebsiteId: $organizationWebsiteId, limit: 500, offset: 0) {
      data {
        id
        name
      }
    }
  }
`,
);

export const PRODUCT_CHOICES_QUERY = typed(
  'PriceRuleProductChoices',
  gql`
  query PriceRuleProductChoices($organizationWebsiteId: ID!, $search: String) {
    productList(organizationWebsiteId: $organizationWebsiteId, filter: { search: $search }, sort: NAME_ASC, limit: 20, offset: 0) {
      data {
        id
        itemId
        name
      }
    }
  }
`,
);

export const PRICE_SUGGESTION_RECOMPUTE_STATUS_QUERY = typed(
  'PriceSuggestionRecomputeStatus',
  gql`
  query PriceSuggestionRecomputeStatus($organizationWebsiteId: ID!) {
    priceSuggestionRecomputeStatus(organizationWebsiteId: $organizationWebsiteId) {
      id
      state
      products
      startedAt
      finishedAt
      error
    }
  }
`,
);

export const PRICE_SUGGESTION_RECOMPUTE_MUTATION = typed(
  'PriceSuggestionRecompute',
  gql`
  mutation PriceSuggestionRecompute($organizationWebsiteId: ID!) {
    priceSuggestionRecompute(organizationWebsiteId: $organizationWebsiteId) {
      id
      state
    }
  }
`,
);
