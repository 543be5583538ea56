-- The identity-provider accounts whose OpenNest record an admin deleted. With a
-- real Firebase project a token stays valid until it expires (up to an hour)
-- after its account is deleted, and recordSignIn would otherwise create a fresh
-- record for it; the caller look-up refuses these uids on every process.
CREATE TABLE "revoked_identities" (
    "firebase_uid" TEXT NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "revoked_identities_pkey" PRIMARY KEY ("firebase_uid")
);
