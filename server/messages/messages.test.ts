// Buyer–agent messages through the real app: one conversation per buyer, agent
// and listing; only its two participants can do anything with it (everyone
// else: NOT_FOUND, or FORBIDDEN for roles that have no messages at all); plain
// text within limits; a fraud agent cannot be contacted; the per-sender rate
// limit (kept in PostgreSQL) refuses clearly and loses nothing accepted;
// unread counts, read marks and live delivery.
import { startAppWithCast, okData, createListing, errorOf, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { subscribe } from '../test/live';
import type { TestApp } from '../test/test-app';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, otherBuyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, otherBuyer, admin } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin'])));
afterAll(() => app?.close());

const codeOf = (result: { errors?: Array<{ extensions?: { code?: string } }> }) => result.errors?.[0]?.extensions?.code;

async function conversationWith(account: Account = buyer, body = 'Is it still available?') {
  const property = await createListing(app, agent.user.id, { title: unique('Chat Chalet') });
  const { conversation, message } = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body }, account.idToken)).contactAgent;
  return { property, conversation, message };
}

describe('conversations', () => {
  it('starts one conversation per buyer, agent and listing; both sides read the thread; unread counts follow read marks', async () => {
    const { property, conversation, message } = await conversationWith();
    expect(conversation).toMatchObject({ property: { id: property.id }, buyer: { id: buyer.user.id }, agent: { id: agent.user.id }, unreadCount: 0, lastMessageBody: 'Is it still available?' });
    expect(message.sender.id).toBe(buyer.user.id);
    // Writing again about the same listing continues the same conversation.
    const again = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Hello again' }, buyer.idToken)).contactAgent;
    expect(again.conversation.id).toBe(conversation.id);
    expect(await app.db.conversation.count({ where: { propertyId: property.id } })).toBe(1);

    const agentView = okData(await app.graphql(operations.Conversation, { id: conversation.id }, agent.idToken)).conversation;
    expect(agentView.unreadCount).toBe(2);
    expect(agentView.messages.nodes.map((m) => m.body)).toEqual(['Hello again', 'Is it still available?']);
    const agentUnread = okData(await app.graphql(operations.UnreadMessageCount, {}, agent.idToken)).unreadMessageCount;
    expect(agentUnread).toBeGreaterThanOrEqual(2);

    okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Yes, <b>it is</b>.' }, agent.idToken));
    expect(okData(await app.graphql(operations.MarkConversationRead, { id: conversation.id }, agent.idToken)).markConversationRead.unreadCount).toBe(0);
    expect(okData(await app.graphql(operations.UnreadMessageCount, {}, agent.idToken)).unreadMessageCount).toBe(agentUnread - 2);

    const buyerView = okData(await app.graphql(operations.Conversation, { id: conversation.id }, buyer.idToken)).conversation;
    expect(buyerView.unreadCount).toBe(1);
    // Stored and returned as the text it is.
    expect(buyerView.messages.nodes[0]).toMatchObject({ body: 'Yes, <b>it is</b>.', sender: { id: agent.user.id, name: 'Avery Agent' } });
    expect(buyerView.lastMessageBody).toBe('Yes, <b>it is</b>.');

    // Each side's inbox, most recent first; the recipient was notified of each message.
    expect(okData(await app.graphql(operations.Conversations, {}, agent.idToken)).conversations.nodes[0].id).toBe(conversation.id);
    const notices = await app.db.notification.findMany({ where: { subjectId: conversation.id, type: 'new_message' }, orderBy: { createdAt: 'asc' } });
    expect(notices.map((n) => [n.recipientId, n.text])).toEqual([
      [agent.user.id, `Bea Buyer about ${property.title}: Is it still available?`],
      [agent.user.id, `Bea Buyer about ${property.title}: Hello again`],
      [buyer.user.id, `Avery Agent about ${property.title}: Yes, <b>it is</b>.`],
    ]);
  });

  it('finds the calling buyer’s own conversation about a listing, and nobody else’s', async () => {
    const { property, conversation } = await conversationWith();
    expect(okData(await app.graphql(operations.MyConversationAbout, { propertyId: property.id }, buyer.idToken)).myConversationAbout).toEqual({ id: conversation.id, property: { id: property.id } });
    // Another buyer has not written about it; agents and admins have no such question.
    expect(okData(await app.graphql(operations.MyConversationAbout, { propertyId: property.id }, otherBuyer.idToken)).myConversationAbout).toBeNull();
    for (const account of [agent, admin]) expect(codeOf(await app.graphql(operations.MyConversationAbout, { propertyId: property.id }, account.idToken))).toBe('FORBIDDEN');
    expect(codeOf(await app.graphql(operations.MyConversationAbout, { propertyId: 'not-an-id' }, buyer.idToken))).toBe('BAD_USER_INPUT');
  });

  it('pages the inbox, most recent conversation first', async () => {
    const pager = await app.createUser('user', { name: 'Paige Pager' });
    const started = [];
    for (let i = 0; i < 3; i++) started.push((await conversationWith(pager, `Question ${i}`)).conversation.id);
    const first = okData(await app.graphql(operations.Conversations, { first: 2 }, pager.idToken)).conversations;
    const second = okData(await app.graphql(operations.Conversations, { first: 2, after: first.pageInfo.endCursor }, pager.idToken)).conversations;
    expect([...first.nodes, ...second.nodes].map((c) => c.id)).toEqual([...started].reverse());
    expect([first.pageInfo.hasNextPage, second.pageInfo.hasNextPage]).toEqual([true, false]);
  });
});

describe('who may do what', () => {
  it('gives anyone but the two participants NOT_FOUND for every operation, and roles without messages FORBIDDEN', async () => {
    const { conversation } = await conversationWith();
    const id = conversation.id;
    for (const stranger of [otherBuyer, otherAgent]) {
      expect(codeOf(await app.graphql(operations.Conversation, { id }, stranger.idToken))).toBe('NOT_FOUND');
      expect(codeOf(await app.graphql(operations.SendMessage, { conversationId: id, body: 'Hi' }, stranger.idToken))).toBe('NOT_FOUND');
      expect(codeOf(await app.graphql(operations.MarkConversationRead, { id }, stranger.idToken))).toBe('NOT_FOUND');
      expect(okData(await app.graphql(operations.Conversations, {}, stranger.idToken)).conversations.nodes.map((c) => c.id)).not.toContain(id);
    }
    const fraud = await app.createUser('fraud');
    for (const outsider of [admin, fraud]) {
      expect(codeOf(await app.graphql(operations.Conversation, { id }, outsider.idToken))).toBe('FORBIDDEN');
      expect(codeOf(await app.graphql(operations.SendMessage, { conversationId: id, body: 'Hi' }, outsider.idToken))).toBe('FORBIDDEN');
      expect(codeOf(await app.graphql(operations.MarkConversationRead, { id }, outsider.idToken))).toBe('FORBIDDEN');
      expect(codeOf(await app.graphql(operations.Conversations, {}, outsider.idToken))).toBe('FORBIDDEN');
    }
    expect(codeOf(await app.graphql(operations.Conversation, { id }))).toBe('UNAUTHENTICATED');
    // Agents answer; they do not start conversations.
    expect(codeOf(await app.graphql(operations.ContactAgent, { propertyId: conversation.property.id, body: 'Hi' }, otherAgent.idToken))).toBe('FORBIDDEN');
    // Nothing was added by any of the refused calls.
    expect(await app.db.message.count({ where: { conversationId: id } })).toBe(1);
  });

  it('cannot reach an agent marked as fraud, nor ask about a listing buyers cannot see', async () => {
    const shady = await app.createUser('agent', { name: 'Sam Shady' });
    const listing = await createListing(app, shady.user.id);
    const pending = await createListing(app, agent.user.id, { status: 'pending' });
    const { conversation } = okData(await app.graphql(operations.ContactAgent, { propertyId: listing.id, body: 'Hi' }, buyer.idToken)).contactAgent;
    await app.db.user.update({ where: { id: shady.user.id }, data: { role: 'fraud' } });
    expect(errorOf(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Hello?' }, buyer.idToken))).toMatchObject({ message: 'This agent can no longer be contacted.', extensions: { code: 'FORBIDDEN' } });
    expect(codeOf(await app.graphql(operations.ContactAgent, { propertyId: listing.id, body: 'Hi' }, buyer.idToken))).toBe('NOT_FOUND');
    expect(codeOf(await app.graphql(operations.ContactAgent, { propertyId: pending.id, body: 'Hi' }, buyer.idToken))).toBe('NOT_FOUND');
    expect(await app.db.message.count({ where: { conversationId: conversation.id } })).toBe(1);
  });

  it('takes plain text within the length limit', async () => {
    // A writer of its own: the buyer's messages elsewhere in this file count towards its rate limit.
    const writer = await app.createUser('user', { name: 'Wendy Writer' });
    const { conversation } = await conversationWith(writer);
    const send = (body: string) => app.graphql(operations.SendMessage, { conversationId: conversation.id, body }, writer.idToken);
    expect(errorOf(await send('   '))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: { body: 'Message is required' } } });
    expect(errorOf(await send('x'.repeat(2001)))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: { body: 'Message must be at most 2000 characters' } } });
    expect(codeOf(await send('nul \u0000 byte'))).toBe('BAD_USER_INPUT');
    expect(okData(await send(`  ${'y'.repeat(2000)}  `)).sendMessage.body).toBe('y'.repeat(2000));
  });

  it('limits how fast one sender writes, clearly, and keeps every message it accepted', async () => {
    const chatty = await app.createUser('user', { name: 'Chad Chatty' });
    const { conversation } = await conversationWith(chatty, 'First');
    // Nine more at once: all accepted (ten a minute), then the eleventh is refused.
    const burst = await Promise.all(Array.from({ length: 9 }, (_, i) => app.graphql(operations.SendMessage, { conversationId: conversation.id, body: `Burst ${i}` }, chatty.idToken)));
    expect(burst.map((result) => result.errors)).toEqual(Array(9).fill(undefined));
    const refused = await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'One too many' }, chatty.idToken);
    expect(errorOf(refused)).toMatchObject({ extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } });
    expect(errorOf(refused)?.message).toMatch(/^You are sending messages too fast: at most 10 per minute\. .*your message was not sent\.$/);
    const stored = await app.db.message.findMany({ where: { conversationId: conversation.id } });
    expect(stored).toHaveLength(10);
    expect(stored.map((m) => m.body)).not.toContain('One too many');
    // The limit is the sender's: the agent can still answer.
    okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Slow down, please.' }, agent.idToken));
  });
});

describe('live', () => {
  it('delivers a new message to both participants and nobody else, with the unread count', async () => {
    const talker = await app.createUser('user', { name: 'Tess Talker' });
    const { conversation } = await conversationWith(talker);
    const agentLive = await subscribe(app.url, agent.idToken, operations.MessageEvents);
    const strangerLive = await subscribe(app.url, otherAgent.idToken, operations.MessageEvents);
    const before = agentLive.initial.data!.messageEvents.unreadMessageCount;
    const sent = okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Can I visit on Friday?' }, talker.idToken)).sendMessage;
    const event = (await agentLive.next()).data!.messageEvents;
    expect(event).toEqual({ unreadMessageCount: before + 1, conversation: { id: conversation.id, unreadCount: 2 }, message: { id: sent.id, body: 'Can I visit on Friday?', sender: { id: talker.user.id } } });
    okData(await app.graphql(operations.MarkConversationRead, { id: conversation.id }, agent.idToken));
    expect((await agentLive.next()).data!.messageEvents).toMatchObject({ unreadMessageCount: before - 1, message: null, conversation: { id: conversation.id, unreadCount: 0 } });
    expect(strangerLive.received).toHaveLength(1);
    await Promise.all([agentLive.close(), strangerLive.close()]);
  });
});
