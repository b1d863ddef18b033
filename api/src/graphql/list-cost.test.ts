import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost } from './list-cost.ts';

const schema = buildSchema(`
  type Query { feeds(limit: Int!): FeedPage!  feed(id: ID!): Feed  me: User! }
  type FeedPage { data: [Feed!]! total: Int! }
  type Feed { id: ID! name: String! runs(limit: Int = 20): [Run!]! }
  type Run { id: ID! errors(limit: Int = 100): ErrorPage! }
  type ErrorPage { data: [Error!]! }
  type Error { line: Int! reason: String! }
  type User { id: ID! }
`);

const cost = (query: string, variables?: Record<string, unknown>) =>
  operationCost(schema, parse(query), undefined, variables);

describe('operationCost', () => {
  it.each([
    ['one field', '{ me { id } }', undefined, 2],
    [
      'a page of 10 feeds with two fields',
      '{ feeds(limit: 10) { total data { id name } } }',
      undefined,
      1 + 10 * (1 + 1 + 2),
    ],
    ['the limit from a variable', 'query Q($n: Int!) { feeds(limit: $n) { data { id } } }', { n: 500 }, 1 + 500 * 2],
    [
      'a nested list counts its default limit (20 runs)',
      '{ feed(id: "1") { runs { id } } }',
      undefined,
      1 + (1 + 20 * 1),
    ],
    [
      'nested lists multiply',
      '{ feeds(limit: 1000) { data { runs(limit: 1000) { id } } } }',
      undefined,
      1 + 1000 * (1 + 1 + 1000 * 1),
    ],
    [
      'defaults multiply too',
      '{ feeds(limit: 1000) { data { runs { errors { data { line } } } } } }',
      undefined,
      1 + 1000 * (1 + 1 + 20 * (1 + 100 * (1 + 1 * 1))),
    ],
    [
      'fragments are counted where they are spread',
      'query { feeds(limit: 10) { data { ...F } } } fragment F on Feed { id name }',
      undefined,
      1 + 10 * (1 + 2),
    ],
    ['inline fragments', '{ feeds(limit: 10) { data { ... on Feed { id } } } }', undefined, 1 + 10 * (1 + 1)],
  ])('%s', (_case, query, variables, expected) => {
    expect(cost(query, variables)).toBe(expected);
  });
});
