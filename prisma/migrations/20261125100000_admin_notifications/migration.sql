-- Issue 25: admins are told of work waiting for them, a new listing to verify
-- and a reported listing, through the same notifications as everyone else.
ALTER TYPE "NotificationType" ADD VALUE 'listing_pending';
ALTER TYPE "NotificationType" ADD VALUE 'listing_reported';
