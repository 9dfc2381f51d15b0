ALTER TABLE "users" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "conversion_scrubs" ADD COLUMN "source" varchar(16) DEFAULT 'staff' NOT NULL;