ALTER TABLE "users" ALTER COLUMN "timezone" SET DEFAULT '+00:00';--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD COLUMN "timezone" text;--> statement-breakpoint
-- hand-written: begin
-- Partner users that never saved a zone read UTC everywhere: store it, so that Settings shows what is used (decision 092).
UPDATE "users" SET "timezone" = '+00:00' WHERE "timezone" IS NULL AND "partner_id" IS NOT NULL;
-- hand-written: end
