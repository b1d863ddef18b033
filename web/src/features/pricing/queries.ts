import { gql } from '@urql/core';
import { typed } from '../../graphql/typed.ts';

/**
 * Price suggestion documents that pages of several routes read (api/src/pricing/schema.graphql):
 * a suggestion's fields, a product's suggestion, its review and log, and a website's price feed address.
 */
export const PRICE_SUGGESTION_FIELDS = typed(
  'PriceSuggestionFields',
  gql`
  fragment PriceSuggestionFields on PriceSuggestion {
    id
    product {
      id
      itemId
      name
      brand
      cost
      map
      rrp
    }
    currentPrice
    suggestedPrice
    change
    changePercent
    currency
    outcome
    review
    reviewedBy
    reviewedAt
    rule {
      id
      name
    }
    explanation {
      code
      price
      competitors
      minimum
      competitor
      position
      percent
      amount
      cost
      bound
      reached
      from
      to
      change
      ending
      step
    }
    computedAt
  }
`,
);

export const PRICE_SUGGESTION_QUERY = typed(
  'PriceSuggestion',
  gql`
  query PriceSuggestion($productId: ID!) {
    priceSuggestion(productId: $productId) {
      ...PriceSuggestionFields
    }
  }
  ${PRICE_SUGGESTION_FIELDS}
`,
);

export const PRICE_SUGGESTION_REVIEW_MUTATION = typed(
  'PriceSuggestionReview',
  gql`
  mutation PriceSuggestionReview($organizationWebsiteId: ID!, $productIds: [ID!]!, $decision: PriceSuggestionDecision!) {
    priceSuggestionReview(organizationWebsiteId: $organizationWebsiteId, productIds: $productIds, decision: $decision) {
      changed
      skipped
    }
  }
`,
);

export const PRICE_SUGGESTION_LOG_QUERY = typed(
  'PriceSuggestionLog',
  gql`
  query PriceSuggestionLog($organizationWebsiteId: ID!, $productId: ID, $limit: Int!, $offset: Int!) {
    priceSuggestionLog(organizationWebsiteId: $organizationWebsiteId, productId: $productId, limit: $limit, offset: $offset) {
      data {
        id
        productId
        productName
        itemId
        decision
        suggestedPrice
        currentPrice
        currency
        ruleName
        actorEmail
        at
      }
      meta {
        pagination {
          total
        }
      }
    }
  }
`,
);

export const WEBSITE_PRICE_FEED_QUERY = typed(
  'WebsitePriceFeed',
  gql`
  query WebsitePriceFeed($organizationWebsiteId: ID!) {
    organizationWebsite(organizationWebsiteId: $organizationWebsiteId) {
      id
      priceFeedUrl
    }
  }
`,
);
