-- A newsletter sign-up counts only once confirmed by the link e-mailed to the
-- address. Sign-ups made before confirmation existed were taken as they were;
-- they stay counted (confirmed as of when they were made).
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" TIMESTAMPTZ(3),
ADD COLUMN "confirmation_token_hash" TEXT,
ADD COLUMN "confirmation_sent_at" TIMESTAMPTZ(3);

UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at";

CREATE UNIQUE INDEX "newsletter_subscriptions_confirmation_token_hash_key" ON "newsletter_subscriptions"("confirmation_token_hash");
