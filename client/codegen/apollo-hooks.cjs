// GraphQL Code Generator plugin: one typed Apollo Client 4 hook per operation
// (useMeQuery, useMeLazyQuery, useRecordSignInMutation, useNotificationEventsSubscription...), wrapping the typed
// documents that the typed-document-node plugin emits into the same file.
// (@graphql-codegen/typescript-react-apollo does not support Apollo Client 4.)
const { Kind, visit } = require('graphql');

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

module.exports = {
  plugin(_schema, documents) {
    const operations = [];
    for (const { document } of documents) {
      if (!document) continue;
      visit(document, {
        OperationDefinition(node) {
          if (!node.name) throw new Error('Every operation needs a name for its generated hook.');
          operations.push(node);
        },
      });
    }
    if (!operations.length) return '';

    const hasRequiredVariables = (node) =>
      (node.variableDefinitions ?? []).some((v) => v.type.kind === Kind.NON_NULL_TYPE && !v.defaultValue);

    const lines = [];
    for (const node of operations) {
      const name = pascal(node.name.value);
      if (node.operation === 'query') {
        const data = `${name}Query`;
        const vars = `${name}QueryVariables`;
        const param = hasRequiredVariables(node)
          ? `options: useQuery.Options<${data}, ${vars}> & { variables: ${vars} }`
          : `options: useQuery.Options<${data}, ${vars}> = {}`;
        lines.push(
          `export function use${name}Query(${param}) {`,
          `  return useQuery<${data}, ${vars}>(${name}Document, options as useQuery.Options<${data}, ${vars}> & { variables: ${vars} });`,
          `}`,
          `export function use${name}LazyQuery(options: useLazyQuery.Options<${data}, ${vars}> = {}) {`,
          `  return useLazyQuery<${data}, ${vars}>(${name}Document, options);`,
          `}`,
        );
      } else if (node.operation === 'subscription') {
        const data = `${name}Subscription`;
        const vars = `${name}SubscriptionVariables`;
        lines.push(
          `export function use${name}Subscription(options: useSubscription.Options<${data}, ${vars}> = {}) {`,
          `  return useSubscription<${data}, ${vars}>(${name}Document, options as useSubscription.Options<${data}, ${vars}> & { variables: ${vars} });`,
          `}`,
        );
      } else if (node.operation === 'mutation') {
        const data = `${name}Mutation`;
        const vars = `${name}MutationVariables`;
        lines.push(
          `export function use${name}Mutation(options: useMutation.Options<${data}, ${vars}> = {}) {`,
          `  return useMutation<${data}, ${vars}>(${name}Document, options);`,
          `}`,
        );
      }
    }
    const hooks = ['useLazyQuery', 'useMutation', 'useQuery', ...(operations.some((node) => node.operation === 'subscription') ? ['useSubscription'] : [])];
    return {
      prepend: [`import { ${hooks.join(', ')} } from '@apollo/client/react';`],
      content: lines.join('\n'),
    };
  },
};
