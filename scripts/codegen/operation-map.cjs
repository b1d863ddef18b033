/**
 * GraphQL Code Generator plugin (local): one `Operations` interface mapping every operation's and
 * fragment's name to its generated result and variables types, which `web/src/graphql/typed.ts`
 * reads to type a `gql` document by its name (docs/graphql.md).
 * Must run in the same output as `typescript-operations` (it names that plugin's types).
 */
const { Kind } = require('graphql');

const SUFFIX = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

exports.plugin = (_schema, documents) => {
  const lines = [];
  for (const { document } of documents) {
    for (const definition of document?.definitions ?? []) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) {
        const type = `${definition.name.value}${SUFFIX[definition.operation]}`;
        lines.push(`  ${definition.name.value}: { result: ${type}; variables: ${type}Variables };`);
      } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        const type = `${definition.name.value}Fragment`;
        lines.push(`  ${definition.name.value}: { result: ${type}; variables: Record<string, never> };`);
      }
    }
  }
  lines.sort();
  const doc = '/** Every operation and fragment of the console by name (scripts/codegen/operation-map.cjs). */';
  return ['', doc, 'export interface Operations {', ...lines, '}', ''].join('\n');
};
