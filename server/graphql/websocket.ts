// GraphQL subscriptions over WebSocket (graphql-ws) on the same HTTP server,
// origin and path as /graphql. The caller is who the connection_init payload's
// Firebase ID token says ({ authorization: "Bearer <token>" }), else who the
// session cookie of the upgrade request says, only when the socket was opened
// by a page of this origin (a page elsewhere would otherwise borrow the
// cookie: same-origin.ts); a connection without a valid credential is refused. Each operation gets its context from
// createRequestContext, as HTTP requests do, and the same limits (tokens,
// depth, cost, aliases); only subscriptions are accepted here (queries and
// mutations go over HTTP). Errors are formatted (typed, masked) like HTTP's.
// A connection is a long-lived session, so it is opened as a write is made: the
// token goes through the revocation check (a disabled account or a revoked
// session is refused). Each process keeps its open sockets by account; when an
// account's users row changes (the `user-changed` event every process hears
// through PostgreSQL) and its role is no longer the one it connected with
// (marked as fraud, promoted, demoted, deleted), its sockets on every process are
// closed, so no subscription outlives the account's standing. The web client
// reconnects with its token and subscribes again under the new role.
import type { IncomingMessage, Server } from 'node:http';
import type { Role } from '../generated/prisma/client';
import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../events/event-bus';
import { createRequestContext, type ContextDeps } from '../context/request-context';
import { presentedCredential, resolveCaller, type Credentials } from '../context/caller';
import { isSameOrigin, ownHostsOf } from '../context/same-origin';
import { sessionCookieOf } from '../session/session-cookie';
import type { Logger } from '../infra/logger';
import { createArmorProtection, formatError, MAX_TOKENS } from './apollo';

/** The connection_init payload: { authorization: "Bearer <Firebase ID token>" }. */
type ConnectionParams = Record<string, unknown>;

const authorizationOf = (params: ConnectionParams | undefined) => (typeof params?.authorization === 'string' ? params.authorization : undefined);

/** The connection's credentials: the payload's bearer token, and the cookie its upgrade request carried. */
const credentialsOf = (params: ConnectionParams | undefined, request: IncomingMessage): Credentials => ({
  authorization: authorizationOf(params),
  sessionCookie: sessionCookieOf(request.headers.cookie),
});

/** graphql-ws's close code for a refused connection (Forbidden): the client connects again with a fresh token. */
export const FORBIDDEN_CLOSE_CODE = 4403;
export const ROLE_CHANGED_CLOSE_REASON = 'Your account changed. Please reconnect.';

/** An open socket and the role its account had when it connected. */
interface AccountSocket {
  socket: WebSocket;
  role: Role;
}

export function attachGraphqlWebSocket({
  server,
  schema,
  contextDeps,
  events,
  log,
}: {
  server: Server;
  schema: GraphQLSchema;
  contextDeps: ContextDeps;
  events: EventBus;
  log: Logger;
}): { close(): Promise<void> } {
  const sockets = new WebSocketServer({ server, path: '/graphql' });
  const socketsByAccount = new Map<string, Set<AccountSocket>>();

  /** Closes `firebaseUid`'s sockets whose role is no longer the account's (all of them when the record is gone). */
  const closeOutdatedSockets = async (firebaseUid: string) => {
    const open = socketsByAccount.get(firebaseUid);
    if (!open?.size) return;
    const current = await contextDeps.db.user.findUnique({ where: { firebaseUid }, select: { role: true } });
    for (const entry of open) {
      if (current?.role === entry.role) continue;
      open.delete(entry);
      entry.socket.close(FORBIDDEN_CLOSE_CODE, ROLE_CHANGED_CLOSE_REASON);
    }
  };
  const stopListening = events.on((event) => {
    // After a reconnection of the LISTEN connection a change may have been missed: check every account.
    const accounts = event.type === 'user-changed' ? [event.firebaseUid] : event.type === 'resync' ? [...socketsByAccount.keys()] : [];
    for (const firebaseUid of accounts) {
      closeOutdatedSockets(firebaseUid).catch((error) => log.warn({ err: error }, 'could not check the open sockets of a changed account'));
    }
  });
  const forget = (firebaseUid: string, socket: WebSocket) => {
    const open = socketsByAccount.get(firebaseUid);
    if (!open) return;
    for (const entry of open) if (entry.socket === socket) open.delete(entry);
    if (!open.size) socketsByAccount.delete(firebaseUid);
  };

  const rules = [...specifiedRules, ...(createArmorProtection().validationRules ?? [])];
  const disposable = useServer<ConnectionParams>(
    {
      schema,
      async onConnect(ctx) {
        const credentials = credentialsOf(ctx.connectionParams, ctx.extra.request);
        // A socket another site opened carries our cookie too: the cookie only counts when our own page opened it.
        const request = ctx.extra.request;
        if (presentedCredential(credentials)?.kind === 'sessionCookie' && !isSameOrigin({ headers: request.headers, ownHosts: ownHostsOf(request.headers.host, contextDeps.publicUrl) })) return false;
        const caller = await resolveCaller(credentials, contextDeps.identity, contextDeps.viewers, { checkRevoked: true });
        // Close code 4403 (Forbidden): the client signs in again and reconnects with a fresh token.
        if (!caller.identity || !caller.viewer) return false;
        const { firebaseUid, role } = caller.viewer;
        const open = socketsByAccount.get(firebaseUid) ?? new Set<AccountSocket>();
        open.add({ socket: ctx.extra.socket, role });
        socketsByAccount.set(firebaseUid, open);
        ctx.extra.socket.once('close', () => forget(firebaseUid, ctx.extra.socket));
        // The role may have changed while the socket was being accepted (its event already handled).
        await closeOutdatedSockets(firebaseUid);
        return true;
      },
      async onSubscribe(ctx, _id, payload) {
        let document;
        try {
          document = parse(payload.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Syntax error.')];
        }
        const operation = getOperationAST(document, payload.operationName);
        if (!operation || operation.operation !== 'subscription') {
          return [new GraphQLError('Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql.', { extensions: { code: 'BAD_REQUEST' } })];
        }
        const errors = validate(schema, document, rules);
        if (errors.length) return errors;
        const contextValue = await createRequestContext(contextDeps, { credentials: credentialsOf(ctx.connectionParams, ctx.extra.request), log });
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue } satisfies ExecutionArgs;
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return;
        return { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error, log)) };
      },
      onError(_ctx, _id, _payload, errors) {
        return errors.map((error) => formatError(error.toJSON(), error, log));
      },
    },
    sockets,
  );
  return {
    async close() {
      stopListening();
      await disposable.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
