ALTER TABLE "advertiser_postbacks" ADD COLUMN "channel" varchar(16) DEFAULT 's2s' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertiser_postbacks" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "advertiser_postbacks" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD COLUMN "trust_client_conversions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "tag_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "tag_click_param" varchar(32) DEFAULT 'click_id' NOT NULL;--> statement-breakpoint
CREATE INDEX "advertiser_postbacks_offer_tag_idx" ON "advertiser_postbacks" USING btree ("offer_id","created_at") WHERE offer_id is not null;