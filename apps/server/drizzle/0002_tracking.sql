CREATE TABLE "rejected_clicks_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"reason" varchar(32) NOT NULL,
	"offer_id" integer DEFAULT 0 NOT NULL,
	"partner_id" integer DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rejected_clicks_hourly_pk" PRIMARY KEY("hour","reason","offer_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"partner_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"offer_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"subid" text DEFAULT '' NOT NULL,
	"tc1" text DEFAULT '' NOT NULL,
	"tc2" text DEFAULT '' NOT NULL,
	"tc3" text DEFAULT '' NOT NULL,
	"tc4" text DEFAULT '' NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hourly_pk" PRIMARY KEY("partner_id","hour","offer_id","currency","subid","tc1","tc2","tc3","tc4")
);
--> statement-breakpoint
DROP INDEX "clicks_partner_id_created_at_index";--> statement-breakpoint
DROP INDEX "conversions_partner_id_created_at_index";--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "offer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "advertiser_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "dedupe_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "goal" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD COLUMN "manual_validation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "clicks_partner_created_idx" ON "clicks" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clicks_partner_offer_created_idx" ON "clicks" USING btree ("partner_id","offer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_advertiser_dedupe_idx" ON "conversions" USING btree ("advertiser_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_click_goal_counted_idx" ON "conversions" USING btree ("click_id","goal_id") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "conversions_partner_created_idx" ON "conversions" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversions_partner_offer_created_idx" ON "conversions" USING btree ("partner_id","offer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);