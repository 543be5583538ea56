-- Issue 22, part 1: integrators' API keys and their audit trail.

-- CreateEnum
CREATE TYPE "ApiKeyAuditAction" AS ENUM ('created', 'used', 'revoked');

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "key_id" TEXT NOT NULL,
    "owner_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" TEXT[],
    "secret_hash" BYTEA NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "last_used_ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key_audit" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "action" "ApiKeyAuditAction" NOT NULL,
    "ip" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_key_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_id_key" ON "api_keys"("key_id");

-- CreateIndex
CREATE INDEX "api_keys_owner_id_created_at_idx" ON "api_keys"("owner_id", "created_at");

-- CreateIndex
CREATE INDEX "api_key_audit_api_key_id_at_idx" ON "api_key_audit"("api_key_id", "at");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key_audit" ADD CONSTRAINT "api_key_audit_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
