// Buyer–agent messages: one conversation per buyer, agent and listing, read
// only by its two participants (anyone else gets NOT_FOUND for every operation;
// admins too: there is no report or dispute feature to give them a reason).
// Messages are plain text, length-limited; a fraud agent cannot be contacted;
// a sender over the rate limit (the `messages` class of server/rate-limits,
// counted in PostgreSQL, so it holds across API processes) is refused with
// RATE_LIMITED, and nothing accepted is lost.
import { messageSchema } from '@opennest/common/validation/message';
import { whileStillAllowed } from '../context/live-caller';
import { requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { raiseEvents, type EventBus } from '../events/event-bus';
import type { Conversation as ConversationRecord, Message as MessageRecord, User as UserRecord } from '../generated/prisma/client';
import type { Notifier, Tx } from '../notifications/notifier';
import { recordAnswer, recordQuestion } from '../insight/reply-time';
import { findPublicListing } from '../properties/listing-visibility';
import type { RateLimits } from '../rate-limits/rate-limits';
import { forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { decodeCursor, encodeCursor, newestFirstAfter, newestFirstQuery, pageSize, toPage, type Page } from '../shared/pagination';
import { validateInput } from '../shared/validate';
import { emitWebhookEvent, messageObject } from '../webhooks/emit';
import { messagesAccess } from './messages.access';

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const AGENT_UNREACHABLE = 'This agent can no longer be contacted.';

/** A conversation as one participant sees it. */
export interface ConversationView extends ConversationRecord {
  /** Messages from the other participant after the viewer's read mark. */
  unreadCount: number;
  lastMessageBody: string | null;
}

export interface ContactAgentResult {
  conversation: ConversationView;
  message: MessageRecord;
}

export interface MessageEvent {
  /** Null on the first event, which gives the current count. */
  conversation: ConversationView | null;
  /** The new message; null when only read marks changed. */
  message: MessageRecord | null;
  unreadMessageCount: number;
}

const excerpt = (text: string, length = 140) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const RECENT = 'RECENT';

export function createMessagesService({ db, events, notifier, rateLimits, jobs }: { db: Db; events: EventBus; notifier: Notifier; rateLimits: RateLimits; jobs: JobQueue }) {
  /** The conversations `viewerId` takes part in among `ids`, with their unread counts and last message. */
  async function views(viewerId: string, ids: string[]): Promise<ConversationView[]> {
    if (!ids.length) return [];
    const extras = await db.$queryRaw<Array<{ id: string; unread: number; last_body: string | null }>>`
      SELECT c.id::text AS id,
        (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> ${viewerId}::uuid
           AND m.created_at > COALESCE(CASE WHEN c.buyer_id = ${viewerId}::uuid THEN c.buyer_read_at ELSE c.agent_read_at END, '-infinity')) AS unread,
        (SELECT m.body FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_body
      FROM conversations c WHERE c.id = ANY(${ids}::uuid[])`;
    const byId = new Map(extras.map((row) => [row.id, row]));
    const records = await db.conversation.findMany({ where: { id: { in: ids } } });
    const recordById = new Map(records.map((record) => [record.id, record]));
    return ids.flatMap((id) => {
      const record = recordById.get(id);
      const extra = byId.get(id);
      return record && extra ? [{ ...record, unreadCount: extra.unread, lastMessageBody: extra.last_body }] : [];
    });
  }

  async function findOwn(viewer: UserRecord, rawId: string): Promise<ConversationRecord> {
    const conversation = await db.conversation.findUnique({ where: { id: parseId(rawId, 'conversation id') } });
    // Anyone but the two participants: as if it did not exist.
    if (!conversation || (conversation.buyerId !== viewer.id && conversation.agentId !== viewer.id)) throw notFound(CONVERSATION_NOT_FOUND);
    return conversation;
  }

  const unreadMessageCount = async (viewerId: string) =>
    (
      await db.$queryRaw<Array<{ n: number }>>`
        SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE (c.buyer_id = ${viewerId}::uuid OR c.agent_id = ${viewerId}::uuid) AND m.sender_id <> ${viewerId}::uuid
          AND m.created_at > COALESCE(CASE WHEN c.buyer_id = ${viewerId}::uuid THEN c.buyer_read_at ELSE c.agent_read_at END, '-infinity')`
    )[0].n;

  /**
   * Takes one of the sender's message points, before the message's transaction opens: a sender over the
   * limit is refused without holding a database connection. Taken inside the transaction, a burst of one
   * sender's messages (each transaction waiting its turn on the conversation's row) left the refused ones
   * queueing for a connection until they answered 503 instead of RATE_LIMITED. A point spent on a message
   * that then fails is not given back (as before: the counter is outside the transaction either way).
   */
  async function takeMessagePoint(sender: UserRecord): Promise<void> {
    const { points, seconds } = rateLimits.config.messages;
    await rateLimits.consume(
      'messages',
      sender.id,
      1,
      `You are sending messages too fast: at most ${points} per ${seconds === 60 ? 'minute' : `${seconds} seconds`}. Please wait a moment; your message was not sent.`,
    );
  }

  /** Posts `body` by `sender` in `conversation`, inside `tx` (its rate-limit point already taken): message, read mark, notification, live event, webhook event. */
  async function post(tx: Tx, sender: UserRecord, conversation: ConversationRecord, body: string, propertyTitle: string): Promise<MessageRecord> {
    const message = await tx.message.create({ data: { conversationId: conversation.id, senderId: sender.id, body } });
    const senderIsBuyer = sender.id === conversation.buyerId;
    // The agent's measured reply time: the buyer's first message asks, the agent's first one after it answers.
    if (senderIsBuyer) await recordQuestion(tx, { subjectId: conversation.id, kind: 'message', agentId: conversation.agentId, askedAt: message.createdAt });
    else await recordAnswer(tx, { subjectId: conversation.id, agentId: conversation.agentId, at: message.createdAt });
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { lastMessageAt: message.createdAt, ...(senderIsBuyer ? { buyerReadAt: message.createdAt } : { agentReadAt: message.createdAt }) },
    });
    // Whoever writes has read what came before.
    await notifier.markActedOn(tx, { userId: sender.id }, 'conversation', conversation.id);
    await notifier.notify(tx, {
      recipientId: senderIsBuyer ? conversation.agentId : conversation.buyerId,
      type: 'new_message',
      subjectId: conversation.id,
      text: `${sender.name} about ${propertyTitle}: ${excerpt(body)}`,
      dedupeKey: `message:${message.id}`,
    });
    await raiseEvents(tx, [{ type: 'message', conversationId: conversation.id, id: message.id, userIds: [conversation.buyerId, conversation.agentId] }]);
    // Only the two participants' endpoints: admins do not read conversations (see the top of this file).
    await emitWebhookEvent(tx, jobs, {
      type: 'message.created',
      resource: `conversation:${conversation.id}`,
      audience: [conversation.buyerId, conversation.agentId],
      adminsSee: false,
      object: messageObject(message, conversation),
    });
    return message;
  }

  return {
    async list(caller: Caller, { first, after }: { first?: number | null; after?: string | null }): Promise<Page<ConversationView>> {
      const viewer = requireViewer(caller, messagesAccess.conversations.roles);
      const size = pageSize(first, { fallback: 20, max: 50 });
      const cursor = after ? decodeCursor(after, RECENT) : null;
      const rows = await db.conversation.findMany({
        where: {
          OR: [{ buyerId: viewer.id }, { agentId: viewer.id }],
          ...(cursor ? { AND: [renameKeyset(newestFirstAfter({ ...cursor, sort: 'NEWEST' }))] } : {}),
        },
        orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
        take: size + 1,
        select: { id: true, lastMessageAt: true },
      });
      const page = toPage(rows, size, (row) => encodeCursor({ sort: RECENT, value: row.lastMessageAt.toISOString(), id: row.id }));
      return { nodes: await views(viewer.id, page.nodes.map((row) => row.id)), pageInfo: page.pageInfo };
    },

    async get(caller: Caller, id: string): Promise<ConversationView> {
      const viewer = requireViewer(caller, messagesAccess.conversation.roles);
      const conversation = await findOwn(viewer, id);
      return (await views(viewer.id, [conversation.id]))[0];
    },

    /** The calling buyer's conversation about a listing, or null (index conversations(property_id, buyer_id, agent_id)). */
    async conversationAbout(caller: Caller, rawPropertyId: string): Promise<ConversationView | null> {
      const viewer = requireViewer(caller, messagesAccess.myConversationAbout.roles);
      const conversation = await db.conversation.findFirst({ where: { propertyId: parseId(rawPropertyId, 'property id'), buyerId: viewer.id }, orderBy: { lastMessageAt: 'desc' }, select: { id: true } });
      return conversation ? (await views(viewer.id, [conversation.id]))[0] : null;
    },

    /** A conversation's messages, newest first, paged (the thread shows them oldest first). */
    async messages(caller: Caller, conversationId: string, { first, after }: { first?: number | null; after?: string | null }): Promise<Page<MessageRecord>> {
      const viewer = requireViewer(caller, messagesAccess.conversation.roles);
      const conversation = await findOwn(viewer, conversationId);
      const q = newestFirstQuery({ first, after }, { fallback: 50, max: 100 });
      return q.page(await db.message.findMany({ where: { conversationId: conversation.id, ...q.where }, orderBy: q.orderBy, take: q.take }));
    },

    async unreadMessageCount(caller: Caller): Promise<number> {
      return unreadMessageCount(requireViewer(caller, messagesAccess.unreadMessageCount.roles).id);
    },

    /** A buyer writes to the agent of a listing they can see: the conversation is created on the first message. */
    async contactAgent(caller: Caller, rawPropertyId: string, rawBody: unknown): Promise<ContactAgentResult> {
      const viewer = requireViewer(caller, messagesAccess.contactAgent.roles);
      // A listing the buyer cannot see (a fraud agent's included) cannot be asked about.
      const property = await findPublicListing(db, rawPropertyId);
      const propertyId = property.id;
      const { body } = await validateInput(messageSchema, { body: rawBody });
      await takeMessagePoint(viewer);
      const message = await db.$transaction(async (tx) => {
        // One conversation per buyer, agent and listing, however many first
        // messages arrive at once: a concurrent insert waits for the first one and
        // then does nothing, and the next statement reads the one row.
        await tx.$executeRaw`
          INSERT INTO conversations (id, property_id, buyer_id, agent_id) VALUES (gen_random_uuid(), ${propertyId}::uuid, ${viewer.id}::uuid, ${property.agentId}::uuid)
          ON CONFLICT (property_id, buyer_id, agent_id) DO NOTHING`;
        const conversation = await tx.conversation.findUniqueOrThrow({ where: { propertyId_buyerId_agentId: { propertyId, buyerId: viewer.id, agentId: property.agentId } } });
        await assertAgentReachable(tx, conversation.agentId);
        return post(tx, viewer, conversation, body, property.title);
      });
      return { conversation: (await views(viewer.id, [message.conversationId]))[0], message };
    },

    async send(caller: Caller, conversationId: string, rawBody: unknown): Promise<MessageRecord> {
      const viewer = requireViewer(caller, messagesAccess.sendMessage.roles);
      const conversation = await findOwn(viewer, conversationId);
      const { body } = await validateInput(messageSchema, { body: rawBody });
      const property = await db.property.findUniqueOrThrow({ where: { id: conversation.propertyId }, select: { title: true } });
      await takeMessagePoint(viewer);
      return db.$transaction(async (tx) => {
        await assertAgentReachable(tx, conversation.agentId);
        return post(tx, viewer, conversation, body, property.title);
      });
    },

    async markRead(caller: Caller, conversationId: string): Promise<ConversationView> {
      const viewer = requireViewer(caller, messagesAccess.markConversationRead.roles);
      const conversation = await findOwn(viewer, conversationId);
      const column = conversation.buyerId === viewer.id ? 'buyer_read_at' : 'agent_read_at';
      await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE conversations SET ${column} = clock_timestamp() WHERE id = $1::uuid`, conversation.id);
        await notifier.markActedOn(tx, { userId: viewer.id }, 'conversation', conversation.id);
        await raiseEvents(tx, [{ type: 'conversation-read', conversationId: conversation.id, userId: viewer.id }]);
      });
      return (await views(viewer.id, [conversation.id]))[0];
    },

    /** New messages in the caller's conversations and changes of their read marks, live. */
    live(caller: Caller) {
      const viewer = requireViewer(caller, messagesAccess.messageEvents.roles);
      const stream = events.stream((event) => {
        if (event.type === 'message' && event.userIds.includes(viewer.id)) return event;
        if (event.type === 'conversation-read' && event.userId === viewer.id) return event;
        return undefined;
      });
      const countOnly = async (): Promise<MessageEvent> => ({ conversation: null, message: null, unreadMessageCount: await unreadMessageCount(viewer.id) });
      return whileStillAllowed(db, caller, messagesAccess.messageEvents.roles, stream, countOnly, async (event, fresh): Promise<MessageEvent | undefined> => {
        // Still a participant? (Conversations go with deleted accounts and listings.)
        const [conversation] = await views(fresh.id, [event.conversationId]);
        if (!conversation || (conversation.buyerId !== fresh.id && conversation.agentId !== fresh.id)) return undefined;
        const message = event.type === 'message' ? await db.message.findUnique({ where: { id: event.id } }) : null;
        return { conversation, message, unreadMessageCount: await unreadMessageCount(fresh.id) };
      });
    },
  };
}

/** A fraud agent cannot be contacted (their existing conversations stay readable). */
async function assertAgentReachable(tx: Tx, agentId: string) {
  const [agent] = await tx.$queryRaw<Array<{ role: string }>>`SELECT role::text AS role FROM users WHERE id = ${agentId}::uuid FOR KEY SHARE`;
  if (!agent || agent.role === 'fraud') throw forbidden(AGENT_UNREACHABLE);
}

/** newestFirstAfter's keyset, on last_message_at instead of created_at. */
function renameKeyset(keyset: ReturnType<typeof newestFirstAfter>) {
  const rename = (condition: Record<string, unknown>) => {
    const { createdAt, ...rest } = condition;
    return createdAt === undefined ? rest : { ...rest, lastMessageAt: createdAt };
  };
  return { ...rename(keyset as unknown as Record<string, unknown>), OR: keyset.OR.map(rename) };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

