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

    /** One exported hook, `exported`, calling Apollo's `apolloHook` with the operation's document and types. */
    const hook = (apolloHook, exported, name, suffix, { requiredVariables = false, cast = false } = {}) => {
      const [data, vars] = [`${name}${suffix}`, `${name}${suffix}Variables`];
      const options = `${apolloHook}.Options<${data}, ${vars}>`;
      const param = requiredVariables ? `options: ${options} & { variables: ${vars} }` : `options: ${options} = {}`;
      const passed = cast ? `options as ${options} & { variables: ${vars} }` : 'options';
      return [`export function ${exported}(${param}) {`, `  return ${apolloHook}<${data}, ${vars}>(${name}Document, ${passed});`, `}`];
    };

    const lines = [];
    for (const node of operations) {
      const name = pascal(node.name.value);
      if (node.operation === 'query') {
        lines.push(
          ...hook('useQuery', `use${name}Query`, name, 'Query', { requiredVariables: hasRequiredVariables(node), cast: true }),
          ...hook('useLazyQuery', `use${name}LazyQuery`, name, 'Query'),
        );
      } else if (node.operation === 'subscription') {
        lines.push(...hook('useSubscription', `use${name}Subscription`, name, 'Subscription', { cast: true }));
      } else if (node.operation === 'mutation') {
        lines.push(...hook('useMutation', `use${name}Mutation`, name, 'Mutation'));
      }
    }
    const has = (kind) => operations.some((node) => node.operation === kind);
    const hooks = [...(has('query') ? ['useLazyQuery'] : []), ...(has('mutation') ? ['useMutation'] : []), ...(has('query') ? ['useQuery'] : []), ...(has('subscription') ? ['useSubscription'] : [])];
    return {
      prepend: [`import { ${hooks.join(', ')} } from '@apollo/client/react';`],
      content: lines.join('\n'),
    };
  },
};
