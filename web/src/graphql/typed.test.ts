import { gql } from '@urql/core';
import { describe, expect, it } from 'vitest';
import { typed } from './typed.ts';

describe('typed', () => {
  it('returns the document whose first definition has the given name', () => {
    const document = gql`
      query AppUser($userId: ID!) {
        appUser(userId: $userId) {
          id
        }
      }
    `;
    expect(typed('AppUser', document)).toBe(document);
  });

  it('throws when the document defines another operation', () => {
    const document = gql`
      query Aggregators {
        aggregators {
          id
        }
      }
    `;
    expect(() => typed('AppUser', document)).toThrow("typed('AppUser'): the document defines Aggregators first");
  });

  it('reads the own definition before interpolated fragments', () => {
    const fragment = gql`
      fragment Name on Aggregator {
        name
      }
    `;
    const document = gql`
      query Aggregators {
        aggregators {
          ...Name
        }
      }
      ${fragment}
    `;
    expect(typed('Aggregators', document).definitions.map((definition) => definition.kind)).toEqual([
      'OperationDefinition',
      'FragmentDefinition',
    ]);
  });
});
