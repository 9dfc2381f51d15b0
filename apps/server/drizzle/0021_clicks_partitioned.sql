-- Raw clicks partitioned by month of created_at (issue 23 item 3, decision 054). Hand-written: drizzle's pgTable
-- cannot declare PARTITION BY. The table is rebuilt: its keys must hold the partition key, and PostgreSQL before 17
-- has no identity column on a partitioned table, so the id comes from a sequence of its own.
ALTER TABLE "clicks" RENAME TO "clicks_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "clicks_id_seq" RENAME TO "clicks_unpartitioned_id_seq";--> statement-breakpoint
ALTER TABLE "clicks_unpartitioned" RENAME CONSTRAINT "clicks_clickId_unique" TO "clicks_unpartitioned_click_id_unique";--> statement-breakpoint
ALTER TABLE "clicks_unpartitioned" RENAME CONSTRAINT "clicks_pkey" TO "clicks_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "clicks_partner_created_idx" RENAME TO "clicks_unpartitioned_partner_created_idx";--> statement-breakpoint
ALTER INDEX "clicks_partner_offer_created_idx" RENAME TO "clicks_unpartitioned_partner_offer_created_idx";--> statement-breakpoint
CREATE SEQUENCE "public"."clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigint DEFAULT nextval('clicks_id_seq') NOT NULL,
	"click_id" varchar(64) NOT NULL,
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"subid" text,
	"tc1" text,
	"tc2" text,
	"tc3" text,
	"tc4" text,
	"ip" text,
	"user_agent" text,
	"referrer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"country" varchar(2),
	CONSTRAINT "clicks_id_created_at_pk" PRIMARY KEY("id","created_at"),
	CONSTRAINT "clicks_click_id_created_at_unique" UNIQUE("click_id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "clicks_id_seq" OWNED BY "clicks"."id";--> statement-breakpoint
CREATE INDEX "clicks_partner_created_idx" ON "clicks" USING btree ("partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clicks_partner_offer_created_idx" ON "clicks" USING btree ("partner_id","offer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Rows of a month with no partition (far past or future clocks) land here; the server moves them out when it
-- creates that month's partition.
CREATE TABLE "clicks_default" PARTITION OF "clicks" DEFAULT;--> statement-breakpoint
-- One partition per UTC month, from the oldest click kept (at most 13 months back) to three months ahead.
DO $$
DECLARE
  m timestamptz;
  last timestamptz := ((date_trunc('month', now(), 'UTC') AT TIME ZONE 'UTC') + interval '3 months') AT TIME ZONE 'UTC';
BEGIN
  SELECT greatest(
    date_trunc('month', coalesce(min(created_at), now()), 'UTC'),
    ((date_trunc('month', now(), 'UTC') AT TIME ZONE 'UTC') - interval '13 months') AT TIME ZONE 'UTC'
  ) INTO m FROM "clicks_unpartitioned";
  WHILE m <= last LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "clicks" FOR VALUES FROM (%L) TO (%L)',
      'clicks_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'), m, ((m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC');
    m := ((m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "clicks" ("id", "click_id", "offer_id", "partner_id", "subid", "tc1", "tc2", "tc3", "tc4", "ip",
  "user_agent", "referrer", "created_at", "country")
SELECT "id", "click_id", "offer_id", "partner_id", "subid", "tc1", "tc2", "tc3", "tc4", "ip", "user_agent",
  "referrer", "created_at", "country"
FROM "clicks_unpartitioned";--> statement-breakpoint
SELECT setval('clicks_id_seq', coalesce((SELECT max("id") FROM "clicks"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "clicks_unpartitioned";
