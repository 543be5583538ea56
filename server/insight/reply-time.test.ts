// Measured agent reply time through the real app and PostgreSQL: the kept
// figure's known answers at a fixed clock (median, 24-hour share, the 90-day
// window, undecided questions), the threshold of 5, messages and viewing
// requests recorded as questions and answers, the unanswered list oldest first,
// and the 12-hour nudge (notification and e-mail, once per question).
import { addDays, zonedDate, zonedInstant } from '@opennest/common/zoned-time';
import { createListing, createUserRow, errorOf, okData, startAppWithCast, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { waitForEmails } from '../test/mailbox';
import type { TestApp } from '../test/test-app';
import { createNotifier } from '../notifications/notifier';
import { MIN_REPLY_QUESTIONS, refreshFigure, replySweepJob, sweepReplies } from './reply-time';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, otherBuyer: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, otherBuyer } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'otherBuyer'])));
afterAll(() => app?.close());

const NOW = new Date('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A fresh agent row with questions arranged directly: [asked this long before NOW, answered this long after it (null: not)]. */
async function agentWithQuestions(questions: Array<[number, number | null]>) {
  const someone = await createUserRow(app, 'replier', { role: 'agent' });
  await app.db.replyQuestion.createMany({
    data: questions.map(([askedAgo, answeredAfter]) => ({
      subjectId: crypto.randomUUID(),
      kind: 'message' as const,
      agentId: someone.id,
      askedAt: ago(askedAgo),
      answeredAt: answeredAfter === null ? null : new Date(ago(askedAgo).getTime() + answeredAfter),
    })),
  });
  await refreshFigure(app.db, someone.id, NOW);
  return someone;
}

const replyTimeOf = async (agentId: string) => okData(await app.graphql(operations.AgentReplyTime, { agentId }, buyer.idToken)).agentReplyTime;

describe('the kept figure, with a fixed clock', () => {
  it('gives the median wait (unanswered as the longest) and the share within 24 hours over the last 90 days', async () => {
    const replier = await agentWithQuestions([
      [10 * DAY, 30 * 60_000], // 30 min
      [9 * DAY, 2 * HOUR],
      [8 * DAY, 10 * HOUR],
      [7 * DAY, 30 * HOUR], // answered, but not within 24 hours
      [6 * DAY, null], // unanswered for 6 days: the longest wait
      [5 * DAY, HOUR],
      [100 * DAY, 60_000], // outside the 90 days
      [2 * HOUR, null], // still in its first day: not decided, not counted
      [HOUR, 5 * 60_000], // answered within its first hour: counted
    ]);
    // Counted: 7 waits, sorted 5 min, 30 min, 1 h, 2 h, 10 h, 30 h, ∞: the median is the 4th, 2 hours.
    expect(await replyTimeOf(replier.id)).toEqual({ agentId: replier.id, basedOn: 7, enough: true, medianMinutes: 120, withinDayPercent: 71 });
    const row = await app.db.agentReplyFigure.findUniqueOrThrow({ where: { agentId: replier.id } });
    expect(row).toMatchObject({ counted: 7, withinDay: 5, medianSeconds: 7200, refreshedAt: NOW });
  });

  it('with an even count, the median is the lower middle wait', async () => {
    const replier = await agentWithQuestions([
      [3 * DAY, 10 * 60_000],
      [3 * DAY, 20 * 60_000],
      [3 * DAY, 40 * 60_000],
      [3 * DAY, 80 * 60_000],
      [3 * DAY, 25 * HOUR],
      [3 * DAY, 26 * HOUR],
    ]);
    expect(await replyTimeOf(replier.id)).toMatchObject({ basedOn: 6, medianMinutes: 40, withinDayPercent: 67 });
  });

  it(`hides everything below ${MIN_REPLY_QUESTIONS} questions, and shows it from ${MIN_REPLY_QUESTIONS}`, async () => {
    const four = await agentWithQuestions([[2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR], [HOUR, null]]);
    expect(await replyTimeOf(four.id)).toEqual({ agentId: four.id, basedOn: 4, enough: false, medianMinutes: null, withinDayPercent: null });
    const five = await agentWithQuestions([[2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR]]);
    expect(await replyTimeOf(five.id)).toEqual({ agentId: five.id, basedOn: 5, enough: true, medianMinutes: 60, withinDayPercent: 100 });
    // An agent without any question, or any id at all, is "not enough" too; a malformed id is bad input.
    expect(await replyTimeOf(otherAgent.user.id)).toEqual({ agentId: otherAgent.user.id, basedOn: 0, enough: false, medianMinutes: null, withinDayPercent: null });
    expect(errorOf(await app.graphql(operations.AgentReplyTime, { agentId: 'nope' }, buyer.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(await app.graphql(operations.AgentReplyTime, { agentId: five.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('has no median when most questions went unanswered, but still the share', async () => {
    const silent = await agentWithQuestions([[2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, null], [2 * DAY, null], [2 * DAY, null]]);
    expect(await replyTimeOf(silent.id)).toEqual({ agentId: silent.id, basedOn: 5, enough: true, medianMinutes: null, withinDayPercent: 40 });
  });

  it('the sweep rewrites figures as time passes: questions leave the window', async () => {
    const replier = await agentWithQuestions([[89 * DAY, HOUR], [89 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR], [2 * DAY, HOUR]]);
    expect((await replyTimeOf(replier.id)).basedOn).toBe(5);
    const notifier = createNotifier({ jobs: app.eventsAndJobs.jobs });
    await sweepReplies(app.db, notifier, new Date(NOW.getTime() + 2 * DAY));
    expect(await replyTimeOf(replier.id)).toMatchObject({ basedOn: 3, enough: false });
  });
});

describe('questions and answers recorded by messages and viewing requests', () => {
  it('a buyer’s first message asks, the agent’s first message after it answers; later messages change nothing', async () => {
    const property = await createListing(app, agent.user.id);
    const { conversation } = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Is it still available?' }, buyer.idToken)).contactAgent;
    const asked = await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } });
    expect(asked).toMatchObject({ kind: 'message', agentId: agent.user.id, answeredAt: null });
    okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'And the parking?' }, buyer.idToken));
    expect((await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } })).askedAt).toEqual(asked.askedAt);

    const unanswered = okData(await app.graphql(operations.MyUnansweredQuestions, {}, agent.idToken)).myUnansweredQuestions.nodes;
    expect(unanswered).toContainEqual(expect.objectContaining({ id: conversation.id, kind: 'message', propertyId: property.id, propertyTitle: property.title, buyerName: 'Bea Buyer', nudged: false }));

    okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Yes, it is.' }, agent.idToken));
    const answered = await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } });
    expect(answered.answeredAt?.getTime()).toBeGreaterThanOrEqual(asked.askedAt.getTime());
    okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Anything else?' }, agent.idToken));
    expect((await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } })).answeredAt).toEqual(answered.answeredAt);
    expect(okData(await app.graphql(operations.MyUnansweredQuestions, {}, agent.idToken)).myUnansweredQuestions.nodes.map((q) => q.id)).not.toContain(conversation.id);
    // The agent's own figure counts it (answered, so decided), below the threshold.
    expect(okData(await app.graphql(operations.MyReplyTime, {}, agent.idToken)).myReplyTime).toMatchObject({ agentId: agent.user.id, enough: false });
    expect((await app.db.agentReplyFigure.findUniqueOrThrow({ where: { agentId: agent.user.id } })).counted).toBeGreaterThanOrEqual(1);
  });

  it('a viewing request is a question, the agent confirming it answers; a request the buyer cancels unanswered is withdrawn', async () => {
    const property = await createListing(app, agent.user.id);
    const monday = addDays(zonedDate(new Date(), 'UTC'), 8);
    const first = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: zonedInstant(monday, '18:00', 'UTC').toISOString() }, buyer.idToken)).requestViewing;
    const second = okData(await app.graphql(operations.RequestViewing, { propertyId: property.id, startsAt: zonedInstant(monday, '19:00', 'UTC').toISOString() }, otherBuyer.idToken)).requestViewing;
    expect(await app.db.replyQuestion.findMany({ where: { subjectId: { in: [first.id, second.id] } }, orderBy: { askedAt: 'asc' } })).toEqual([
      expect.objectContaining({ subjectId: first.id, kind: 'viewing', answeredAt: null }),
      expect.objectContaining({ subjectId: second.id, kind: 'viewing', answeredAt: null }),
    ]);
    okData(await app.graphql(operations.ConfirmViewing, { id: first.id }, agent.idToken));
    expect((await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: first.id } })).answeredAt).not.toBeNull();
    okData(await app.graphql(operations.CancelViewing, { id: second.id, reason: 'Found another home' }, otherBuyer.idToken));
    expect(await app.db.replyQuestion.findUnique({ where: { subjectId: second.id } })).toBeNull();
  });

  it('lists unanswered questions oldest first, a page at a time, only the agent’s own', async () => {
    const lister = await app.createUser('agent', { name: 'Lena Lister' });
    const subjects = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await app.db.replyQuestion.createMany({
      data: [
        { subjectId: subjects[1], kind: 'message', agentId: lister.user.id, askedAt: ago(2 * HOUR) },
        { subjectId: subjects[0], kind: 'message', agentId: lister.user.id, askedAt: ago(3 * HOUR) },
        { subjectId: subjects[2], kind: 'viewing', agentId: lister.user.id, askedAt: ago(HOUR) },
        { subjectId: crypto.randomUUID(), kind: 'message', agentId: lister.user.id, askedAt: ago(4 * HOUR), answeredAt: ago(3 * HOUR) },
      ],
    });
    const firstPage = okData(await app.graphql(operations.MyUnansweredQuestions, { first: 2 }, lister.idToken)).myUnansweredQuestions;
    expect(firstPage.nodes.map((q) => q.id)).toEqual(subjects.slice(0, 2));
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const secondPage = okData(await app.graphql(operations.MyUnansweredQuestions, { first: 2, after: firstPage.pageInfo.endCursor }, lister.idToken)).myUnansweredQuestions;
    expect(secondPage.nodes.map((q) => q.id)).toEqual([subjects[2]]);
    expect(secondPage.pageInfo.hasNextPage).toBe(false);
    expect(errorOf(await app.graphql(operations.MyUnansweredQuestions, {}, buyer.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.MyUnansweredQuestions, { after: 'garbage' }, lister.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('concurrent answers', () => {
  it('an agent answering many conversations at once: the kept figure counts every answer (the figure row’s lock)', async () => {
    const busy = await app.createUser('agent', { name: 'Bo Busy' });
    const buyers = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => app.createUser('user', { name: `Asker ${n}` })));
    const conversations = [];
    for (const asker of buyers) {
      const property = await createListing(app, busy.user.id);
      conversations.push(okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Still available?' }, asker.idToken)).contactAgent.conversation.id);
    }
    await Promise.all(conversations.map((conversationId) => app.graphql(operations.SendMessage, { conversationId, body: 'Yes.' }, busy.idToken)).map(async (sent) => okData(await sent)));
    expect(await app.db.replyQuestion.count({ where: { agentId: busy.user.id, answeredAt: { not: null } } })).toBe(buyers.length);
    const figure = okData(await app.graphql(operations.MyReplyTime, {}, busy.idToken)).myReplyTime;
    expect(figure).toMatchObject({ basedOn: buyers.length, enough: true, withinDayPercent: 100 });
  });
});

describe('the 12-hour nudge', () => {
  it('nudges the agent by notification and e-mail, once per question, only after 12 hours unanswered', async () => {
    const nudged = await app.createUser('agent', { name: 'Nia Nudged' });
    const property = await createListing(app, nudged.user.id, { title: 'The nudged loft' });
    const { conversation } = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Hello?' }, buyer.idToken)).contactAgent;
    const askedAt = (await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } })).askedAt;
    const nudgesOf = () => app.db.notification.findMany({ where: { recipientId: nudged.user.id, dedupeKey: `reply-nudge:${conversation.id}` } });

    // Eleven hours on: nothing yet.
    await app.eventsAndJobs.jobs.enqueue(app.db, replySweepJob, [{ now: new Date(askedAt.getTime() + 11 * HOUR).toISOString() }]);
    // Thirteen hours on, swept three times (one of them by this process directly): one nudge.
    const later = new Date(askedAt.getTime() + 13 * HOUR);
    await app.eventsAndJobs.jobs.enqueue(app.db, replySweepJob, [{ now: later.toISOString() }, { now: later.toISOString() }]);
    await sweepReplies(app.db, createNotifier({ jobs: app.eventsAndJobs.jobs }), later);
    // Two e-mails: the buyer's message itself, then the nudge.
    const emails = await waitForEmails(nudged.user.email, { count: 2, subject: /message/i });
    const notes = await nudgesOf();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'new_message', subjectId: conversation.id, text: `Bea Buyer has waited 12 hours for your answer about The nudged loft.` });
    expect(emails.some((email) => email.text?.includes('has waited 12 hours') || email.html?.includes('has waited 12 hours'))).toBe(true);
    expect((await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } })).nudgedAt).toEqual(later);
    const listed = okData(await app.graphql(operations.MyUnansweredQuestions, {}, nudged.idToken)).myUnansweredQuestions.nodes;
    expect(listed).toEqual([expect.objectContaining({ id: conversation.id, nudged: true })]);
    // A day later, still unanswered: still one nudge.
    await sweepReplies(app.db, createNotifier({ jobs: app.eventsAndJobs.jobs }), new Date(askedAt.getTime() + 40 * HOUR));
    expect(await nudgesOf()).toHaveLength(1);
  });

  it('does not nudge a question answered within 12 hours', async () => {
    const quick = await app.createUser('agent', { name: 'Quinn Quick' });
    const property = await createListing(app, quick.user.id);
    const { conversation } = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Hi' }, otherBuyer.idToken)).contactAgent;
    okData(await app.graphql(operations.SendMessage, { conversationId: conversation.id, body: 'Hello!' }, quick.idToken));
    const askedAt = (await app.db.replyQuestion.findUniqueOrThrow({ where: { subjectId: conversation.id } })).askedAt;
    expect(await sweepReplies(app.db, createNotifier({ jobs: app.eventsAndJobs.jobs }), new Date(askedAt.getTime() + 13 * HOUR))).toMatchObject({ nudged: 0 });
    expect(await app.db.notification.count({ where: { dedupeKey: `reply-nudge:${conversation.id}` } })).toBe(0);
  });
});
