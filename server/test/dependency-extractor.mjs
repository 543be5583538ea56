// The imports of each file, for Jest's related tests (`npm run test:changed`,
// --findRelatedTests, --onlyChanged). Jest's own extractor strips comments with
// a regular expression, and a "/*" inside a line comment (a header that says
// "server/<domain>/*.test.graphql") then swallows every line up to the next "*/",
// imports included: test-app.ts seemed to import neither serve.ts nor
// database.ts, and a change to the app related to no test at all. TypeScript's
// own pre-processor reads imports, exports, dynamic imports and requires as the
// compiler does. (Plain JavaScript: Jest loads this without transforming it.)
import ts from 'typescript';

export function extract(code) {
  const { importedFiles } = ts.preProcessFile(code, true, true);
  return new Set(importedFiles.map(({ fileName }) => fileName));
}

export function getCacheKey() {
  return `opennest-ts-preprocess-${ts.version}`;
}
