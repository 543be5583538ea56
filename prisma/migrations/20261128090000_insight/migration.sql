-- Issue 23: what no portal shows. Agents' measured reply time (questions and a
-- kept figure per agent) and the seller's agent withholding a sale's amount.

-- CreateEnum
CREATE TYPE "ReplyQuestionKind" AS ENUM ('message', 'viewing');

-- AlterTable
ALTER TABLE "offers" ADD COLUMN "amount_withheld" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "reply_questions" (
    "subject_id" UUID NOT NULL,
    "kind" "ReplyQuestionKind" NOT NULL,
    "agent_id" UUID NOT NULL,
    "asked_at" TIMESTAMPTZ(3) NOT NULL,
    "answered_at" TIMESTAMPTZ(3),
    "nudged_at" TIMESTAMPTZ(3),

    CONSTRAINT "reply_questions_pkey" PRIMARY KEY ("subject_id")
);

-- CreateTable
CREATE TABLE "agent_reply_figures" (
    "agent_id" UUID NOT NULL,
    "counted" INTEGER NOT NULL,
    "within_day" INTEGER NOT NULL,
    "median_seconds" INTEGER,
    "refreshed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_reply_figures_pkey" PRIMARY KEY ("agent_id")
);

-- CreateIndex
CREATE INDEX "reply_questions_agent_id_asked_at_idx" ON "reply_questions"("agent_id", "asked_at");

-- CreateIndex
CREATE INDEX "reply_questions_agent_id_answered_at_asked_at_subject_id_idx" ON "reply_questions"("agent_id", "answered_at", "asked_at", "subject_id");

-- CreateIndex
CREATE INDEX "reply_questions_answered_at_nudged_at_asked_at_idx" ON "reply_questions"("answered_at", "nudged_at", "asked_at");

-- CreateIndex
CREATE INDEX "agent_reply_figures_refreshed_at_idx" ON "agent_reply_figures"("refreshed_at");

-- AddForeignKey
ALTER TABLE "reply_questions" ADD CONSTRAINT "reply_questions_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_reply_figures" ADD CONSTRAINT "agent_reply_figures_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: every conversation's first buyer message is a question, answered by
-- the agent's first message after it. Old unanswered ones count as nudged (no
-- burst of nudges about history). Viewing requests from before have no record of
-- when they were answered: they start counting from now on. Each agent with
-- questions gets a figure that the reply sweep refreshes on its first run.
INSERT INTO "reply_questions" ("subject_id", "kind", "agent_id", "asked_at", "answered_at", "nudged_at")
SELECT c."id", 'message', c."agent_id", q."asked_at", a."answered_at", CASE WHEN a."answered_at" IS NULL THEN now() END
FROM "conversations" c
JOIN LATERAL (SELECT min(m."created_at") AS "asked_at" FROM "messages" m WHERE m."conversation_id" = c."id" AND m."sender_id" = c."buyer_id") q ON q."asked_at" IS NOT NULL
LEFT JOIN LATERAL (SELECT min(m."created_at") AS "answered_at" FROM "messages" m WHERE m."conversation_id" = c."id" AND m."sender_id" = c."agent_id" AND m."created_at" >= q."asked_at") a ON true;

INSERT INTO "agent_reply_figures" ("agent_id", "counted", "within_day", "median_seconds", "refreshed_at")
SELECT DISTINCT "agent_id", 0, 0, NULL::integer, '-infinity'::timestamptz FROM "reply_questions";
