// GraphQL subscriptions over WebSocket (graphql-ws) on the same HTTP server,
// origin and path as /graphql. The caller is who the connection_init payload's
// Firebase ID token says ({ authorization: "Bearer <token>" }), else who the
// session cookie of the upgrade request says, only when the socket was opened
// by a page of this origin (a page elsewhere would otherwise borrow the
// cookie: same-origin.ts); a connection without a valid credential is refused.
// Each operation goes through the same pipeline as over HTTP
// (operation-pipeline.ts): parsed with the same token limit, validated with the
// same rules (depth, cost, aliases, directives), refused with the same codes
// (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT, ...), counted
// against the same rate-limit class and key as an HTTP operation of the same
// caller, formatted, masked and logged the same way; its context comes from
// createRequestContext, as HTTP requests' do. Only subscriptions are accepted
// here (queries and mutations go over HTTP). A message over 1 MiB (the HTTP body
// limit) is refused from its frame header, before it is read: the socket closes
// with 1009.
// A connection is a long-lived session, so it is opened as a write is made: the
// token goes through the revocation check (a disabled account or a revoked
// session is refused), and it counts against the caller's `graphql` limit once.
// Each process keeps its open sockets by account; when an
// account's users row changes (the `user-changed` event every process hears
// through PostgreSQL) and its role is no longer the one it connected with
// (marked as fraud, promoted, demoted, deleted), its sockets on every process are
// closed, so no subscription outlives the account's standing. The web client
// reconnects with its token and subscribes again under the new role.
import type { IncomingMessage, Server } from 'node:http';
import type { Role } from '../generated/prisma/client';
import { GraphQLError, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../events/event-bus';
import { createRequestContext, type ContextDeps } from '../context/request-context';
import { presentedCredential, resolveCaller, type Credentials } from '../context/caller';
import { isSameOrigin, ownHostsOf } from '../context/same-origin';
import { sessionCookieOf } from '../session/session-cookie';
import type { Logger } from '../infra/logger';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { callerKey, type RateLimits } from '../rate-limits/rate-limits';
import { isAppError } from '../shared/errors';
import { asGraphqlError, checkOperationLimits, createArmorProtection, formatError, logOperation, prepareOperation } from './operation-pipeline';
import type { TrustedDocuments } from './trusted-documents';

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
/** The largest message read, as the largest JSON body over HTTP; a bigger frame closes the socket (1009) unread. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
/** WebSocket's "try again later": a connection over the caller's rate limit (the client reconnects after a while). */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;

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
  rateLimits,
  isProduction,
  trustedDocuments,
}: {
  server: Server;
  schema: GraphQLSchema;
  contextDeps: ContextDeps;
  events: EventBus;
  log: Logger;
  rateLimits: RateLimits;
  /** Production hides "Did you mean" hints, as Apollo does over HTTP. */
  isProduction: boolean;
  /** Only trusted documents run (GRAPHQL_TRUSTED_DOCUMENTS=on; trusted-documents.ts), as over HTTP. */
  trustedDocuments?: TrustedDocuments;
}): { close(): Promise<void> } {
  const sockets = new WebSocketServer({ server, path: '/graphql', maxPayload: MAX_MESSAGE_BYTES });
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

  const pipeline = { schema, validationRules: createArmorProtection().validationRules ?? [], hideSchemaDetails: isProduction };
  /** A refusal the caller can act on (its code); anything else is the pipeline's unexpected error (masked, logged). */
  const refusal = (error: unknown): GraphQLError[] | null => {
    const appError = isAppError(error) ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
    return appError ? [asGraphqlError(appError)] : null;
  };
  const format = (errors: readonly GraphQLError[]) => errors.map((error) => formatError(error.toJSON(), error, log));

  const disposable = useServer<ConnectionParams>(
    {
      schema,
      async onConnect(ctx) {
        const credentials = credentialsOf(ctx.connectionParams, ctx.extra.request);
        // A socket another site opened carries our cookie too: the cookie only counts when our own page opened it.
        const request = ctx.extra.request;
        if (presentedCredential(credentials)?.kind === 'sessionCookie' && !isSameOrigin({ headers: request.headers, ownHosts: ownHostsOf(request.headers.host, contextDeps.publicUrl) })) return false;
        const caller = await resolveCaller(credentials, contextDeps, { checkRevoked: true, clientIp: request.socket.remoteAddress });
        // Close code 4403 (Forbidden): the client signs in again and reconnects with a fresh token.
        if (!caller.identity || !caller.viewer) return false;
        try {
          // Opening a connection counts once against the caller's GraphQL limit, as an operation over HTTP does.
          await rateLimits.consume('graphql', callerKey(caller, ctx.extra.request.socket.remoteAddress));
        } catch (error) {
          if (!refusal(error)) throw error;
          ctx.extra.socket.close(TRY_AGAIN_LATER_CLOSE_CODE, 'Too many requests; try again later.');
          return false;
        }
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
        const startedAt = process.hrtime.bigint();
        const done = (errors?: readonly GraphQLError[]) => logOperation(log, { operationName: payload.operationName, startedAt, errors, transport: 'websocket' });
        const prepared = prepareOperation(pipeline, payload, 'websocket');
        if ('errors' in prepared) {
          done(prepared.errors);
          return prepared.errors;
        }
        try {
          const contextValue = await createRequestContext(contextDeps, { credentials: credentialsOf(ctx.connectionParams, ctx.extra.request), clientIp: ctx.extra.request.socket.remoteAddress, log });
          await trustedDocuments?.check(prepared.document, prepared.operation.name?.value, contextValue);
          await checkOperationLimits(rateLimits, { operation: prepared.operation, document: prepared.document, contextValue });
          done();
          return { schema, document: prepared.document, operationName: prepared.operation.name?.value, variableValues: prepared.variableValues, contextValue } satisfies ExecutionArgs;
        } catch (error) {
          // Over a rate limit, a revoked session, the database unreachable: coded refusals; anything else is unexpected.
          const errors = error instanceof GraphQLError ? [error] : refusal(error);
          if (!errors) throw error;
          done(errors);
          return errors;
        }
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return;
        return { ...result, errors: format(result.errors) };
      },
      onError(_ctx, _id, _payload, errors) {
        return format(errors);
      },
    },
    sockets,
  );
  // graphql-ws answers every socket error with console.error and a stack, and a 4500 close. The
  // errors a socket can have come from the client's side: a message over MAX_MESSAGE_BYTES (ws has
  // already refused it from its header and is closing the socket with 1009), a connection reset.
  // Logged as such (warn), not as the server's failure; registered after graphql-ws's own listener.
  sockets.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') log.warn({ maxBytes: MAX_MESSAGE_BYTES }, 'WebSocket message over the size limit refused unread');
      else log.warn({ err: error }, 'WebSocket connection failed');
    });
  });
  return {
    async close() {
      stopListening();
      await disposable.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
