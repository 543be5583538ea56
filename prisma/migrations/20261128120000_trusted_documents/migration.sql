-- Issue 22, part 3: documents integrators registered against their API keys
-- (run with GRAPHQL_TRUSTED_DOCUMENTS=on; server/graphql/trusted-documents.ts).

-- CreateTable
CREATE TABLE "trusted_documents" (
    "api_key_id" UUID NOT NULL,
    "sha256" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trusted_documents_pkey" PRIMARY KEY ("api_key_id","sha256")
);

-- AddForeignKey
ALTER TABLE "trusted_documents" ADD CONSTRAINT "trusted_documents_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
