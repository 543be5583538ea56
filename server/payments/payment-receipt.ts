// The buyer's receipt: once the provider has confirmed a payment and the offer
// is bought, a job queued in that same transaction e-mails the buyer what they
// paid (exact money, from the stored offer), for which property, the provider's
// transaction id and when. A receipt is not a notification: it goes whatever
// the e-mail settings say, and has no unsubscribe link.
import { dollars } from '@opennest/common/money';
import type { Db } from '../db/client';
import type { Logger } from '../infra/logger';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import { renderEmail } from '../mail/email-layout';
import { EMAIL_RETRIES, type Mailer } from '../mail/mailer';

export const paymentReceiptJob = jobKind<{ offerId: string; paidAt: string }>({ name: 'payment-receipt', options: EMAIL_RETRIES });

/** The payment's moment, the same for every reader: in UTC, named so. */
const paidAtText = (iso: string) => `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(new Date(iso))} UTC`;

export function createReceiptJobHandlers({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string; log: Logger }): JobHandler[] {
  async function sendReceipt({ offerId, paidAt }: { offerId: string; paidAt: string }) {
    const offer = await db.offer.findUnique({ where: { id: offerId }, include: { buyer: true, property: { select: { id: true, title: true, location: true } }, agent: { select: { name: true } } } });
    // The buyer's account is gone: there is nobody to send it to.
    if (!offer || offer.status !== 'bought' || !offer.transactionId) return;
    const amount = `${dollars(offer.amount.toFixed(2))} USD`;
    const email = renderEmail({
      subject: `Your receipt for ${offer.property.title}`,
      greeting: `Hello ${offer.buyer.name},`,
      intro: `Thank you for your payment of ${amount}. This is your receipt.`,
      facts: [
        { label: 'Amount paid', value: amount },
        { label: 'Property', value: `${offer.property.title}, ${offer.property.location}` },
        { label: 'Agent', value: offer.agent.name },
        { label: 'Transaction ID', value: offer.transactionId },
        { label: 'Date', value: paidAtText(paidAt) },
      ],
      entries: [{ text: `${offer.property.title} is yours. Your offers and this transaction are on Property Bought.`, url: `${publicUrl}/dash-board/property-bought?item=${offer.id}`, action: 'See your purchase' }],
      reason: 'You get this receipt because you paid for a property on OpenNest. Keep it for your records.',
    });
    await mailer.send({ to: offer.buyer.email, ...email });
  }
  return [jobHandler(paymentReceiptJob, sendReceipt)];
}
