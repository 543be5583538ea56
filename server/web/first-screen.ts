// The first screen's data in the first HTML response. The page table of the
// client declares, per page, the queries its first screen runs and their
// variables from the URL (client/src/app/first-screen.ts); the build bundles
// those declarations into dist/.server/first-screen.mjs. For a page request,
// the server runs those same documents with the same variables, through Apollo
// as the browser's requests would go (the caller from the session cookie, or a
// signed-out caller for a public page; the access checks, rate limits,
// loaders), and the page carries the
// answers as JSON in a `<script type="application/json">` element, which never
// runs; the client writes them into its Apollo cache before its first render.
// Answers refused (a query the caller's role may not run) are left out; the
// page then asks for them itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApolloServer } from '@apollo/server';
import { Kind, print, visit, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';
import type { Request } from 'express';
import { noCredentials, presentedCredential } from '../context/caller';
import { credentialsOf } from '../context/http';
import { createRequestContext, type ContextDeps, type RequestContext } from '../context/request-context';
import type { Logger } from '../infra/logger';
import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_MODULE, type FirstScreenState } from '@opennest/common/first-screen';


/** What the bundle exports (client/src/app/first-screen.ts). */
/** A first-screen query as a page declares it (client/src/app/first-screen-declaration.ts). */
interface FirstScreenQueryOf {
  query: DocumentNode;
  variables: Record<string, unknown>;
  then?: (data: Record<string, unknown>) => FirstScreenQueryOf[];
}

interface FirstScreenModule {
  firstScreenQueries(pathname: string, search: string, signedIn: boolean): Promise<FirstScreenQueryOf[]>;
}


/** The first screen's state for a page request (null: write none). */
export type FirstScreenOf = (req: Request) => Promise<FirstScreenState | null>;

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/**
 * The document as Apollo Client sends it: `__typename` in every selection set but
 * the operation's own, so the answers fit the client's normalized cache.
 */
export function withTypenames(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet(node, _key, parent) {
      if (parent && !Array.isArray(parent) && (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION) return undefined;
      if (node.selections.some((selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename')) return undefined;
      return { ...node, selections: [...node.selections, TYPENAME] };
    },
  });
}

/** A document printed as the client would send it, with its operation's name; made once per document. */
const printed = new WeakMap<DocumentNode, { query: string; operationName: string | undefined }>();
function printedOnce(document: DocumentNode) {
  let found = printed.get(document);
  if (!found) {
    const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
    found = { query: print(withTypenames(document)), operationName: operation?.name?.value };
    printed.set(document, found);
  }
  return found;
}

/** Loads the build's bundle; null when the build has none (an older build, or a test's stand-in). */
export async function loadFirstScreenModule(clientDistDir: string): Promise<FirstScreenModule | null> {
  const file = path.join(clientDistDir, FIRST_SCREEN_MODULE);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as FirstScreenModule;
}

/**
 * The first screen's state of page requests. With a session cookie, the queries
 * run as the caller the cookie names. Without one, a page anyone may open (the
 * home page, All Properties, a listing's details) has its public queries run as
 * a signed-out caller, so a visitor's first screen asks nothing either; the
 * state says the visitor is signed out (the client then knows it without
 * asking). A cookie the server no longer accepts gets that answer alone: the
 * client signs the visitor out first.
 */
export function firstScreenOf({ module, apollo, contextDeps, log }: { module: FirstScreenModule; apollo: ApolloServer<RequestContext>; contextDeps: ContextDeps; log: Logger }): FirstScreenOf {
  return async (req) => {
    const credentials = credentialsOf(req);
    const withCookie = presentedCredential(credentials)?.kind === 'sessionCookie';
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    // A page request's only credential is the cookie: a header token on one is not a session.
    const publicQueries = withCookie ? [] : await module.firstScreenQueries(req.path, search, false);
    if (!withCookie && publicQueries.length === 0) return { signedIn: false, results: [] };
    const contextValue = await createRequestContext(contextDeps, {
      credentials: withCookie ? credentials : noCredentials,
      requestId: req.id === undefined ? undefined : String(req.id),
      clientIp: req.ip,
      userAgent: req.get('user-agent'),
      log: () => req.log,
    });
    const signedIn = Boolean(contextValue.caller.identity);
    if (withCookie && !signedIn) return { signedIn, results: [] };
    const queries = withCookie ? await module.firstScreenQueries(req.path, search, true) : publicQueries;
    type Answer = { operationName: string; variables: Record<string, unknown>; data: Record<string, unknown> };
    const answer = async ({ query, variables, then }: FirstScreenQueryOf): Promise<Answer[]> => {
      const { query: text, operationName } = printedOnce(query);
      if (!operationName) return [];
      try {
        const response = await apollo.executeOperation({ query: text, variables, operationName }, { contextValue });
        if (response.body.kind !== 'single') return [];
        const { data, errors } = response.body.singleResult;
        if (errors?.length || !data) return [];
        // What needs this answer (the listing's agent's figures) follows it.
        const following = then ? (await Promise.all(then(data).map(answer))).flat() : [];
        return [{ operationName, variables, data }, ...following];
      } catch (error) {
        log.warn({ err: error, operationName }, 'could not answer a first-screen query; the page asks for it itself');
        return [];
      }
    };
    const answers = (await Promise.all(queries.map(answer))).flat();
    return { signedIn, results: answers };
  };
}

/** The element carrying `state`: JSON in a script element that never runs, with every `<` escaped, so no value can end the element. */
export function firstScreenElement(state: FirstScreenState): string {
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}
