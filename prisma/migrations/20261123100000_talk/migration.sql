-- Issue 10: notifications, e-mail settings, saved searches with alerts, and
-- buyer–agent messages. (The job queue's tables live in pg-boss's own schema,
-- "pgboss", which pg-boss creates and migrates itself at start.) Each table is
-- followed by its indexes; foreign keys are declared with their columns.

CREATE TYPE "NotificationType" AS ENUM ('offer_received', 'offer_accepted', 'offer_rejected', 'offer_outbid', 'sold', 'listing_verified', 'listing_rejected', 'listing_advertised', 'new_message', 'saved_search_match', 'role_changed', 'marked_fraud', 'new_review');
CREATE TYPE "EmailDelivery" AS ENUM ('instant', 'daily', 'weekly', 'never');
CREATE TYPE "AlertFrequency" AS ENUM ('instant', 'daily', 'weekly', 'off');

-- One row per recipient and event (the dedupe key), written in the change's transaction.
CREATE TABLE "notifications" (
    "id" UUID NOT NULL PRIMARY KEY,
    "recipient_id" UUID NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "type" "NotificationType" NOT NULL,
    "subject_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "email_delivery" "EmailDelivery" NOT NULL,
    "emailed_at" TIMESTAMPTZ(3),
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "notifications_recipient_id_dedupe_key_key" ON "notifications"("recipient_id", "dedupe_key");
CREATE INDEX "notifications_recipient_id_created_at_id_idx" ON "notifications"("recipient_id", "created_at", "id");
CREATE INDEX "notifications_recipient_id_read_at_idx" ON "notifications"("recipient_id", "read_at");
CREATE INDEX "notifications_email_delivery_emailed_at_idx" ON "notifications"("email_delivery", "emailed_at");

CREATE TABLE "notification_settings" (
    "user_id" UUID NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "type" "NotificationType" NOT NULL,
    "delivery" "EmailDelivery" NOT NULL,
    PRIMARY KEY ("user_id", "type")
);

-- The All Properties page's state (criteria, versioned JSON) plus what matching reads.
CREATE TABLE "saved_searches" (
    "id" UUID NOT NULL PRIMARY KEY,
    "user_id" UUID NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "name" TEXT NOT NULL,
    "criteria" JSONB NOT NULL,
    "location_term" TEXT NOT NULL,
    "frequency" "AlertFrequency" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "saved_searches_user_id_created_at_idx" ON "saved_searches"("user_id", "created_at");

-- Never the same listing twice for one saved search.
CREATE TABLE "saved_search_matches" (
    "saved_search_id" UUID NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "property_id" UUID NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "matched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY ("saved_search_id", "property_id")
);
CREATE INDEX "saved_search_matches_property_id_idx" ON "saved_search_matches"("property_id");

-- One conversation per buyer, agent and listing.
CREATE TABLE "conversations" (
    "id" UUID NOT NULL PRIMARY KEY,
    "property_id" UUID NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "buyer_id" UUID NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "agent_id" UUID NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "buyer_read_at" TIMESTAMPTZ(3),
    "agent_read_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "conversations_property_id_buyer_id_agent_id_key" ON "conversations"("property_id", "buyer_id", "agent_id");
CREATE INDEX "conversations_buyer_id_last_message_at_id_idx" ON "conversations"("buyer_id", "last_message_at", "id");
CREATE INDEX "conversations_agent_id_last_message_at_id_idx" ON "conversations"("agent_id", "last_message_at", "id");

CREATE TABLE "messages" (
    "id" UUID NOT NULL PRIMARY KEY,
    "conversation_id" UUID NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "sender_id" UUID NOT NULL REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "messages_conversation_id_created_at_id_idx" ON "messages"("conversation_id", "created_at", "id");
CREATE INDEX "messages_sender_id_created_at_idx" ON "messages"("sender_id", "created_at");
