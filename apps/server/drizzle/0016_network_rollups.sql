CREATE TABLE "stats_network_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_network_hourly_pk" PRIMARY KEY("hour","partner_id","offer_id","currency","country")
);
--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "pending_revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "pending_revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 21: the advertiser revenue of conversions recorded before the rollups kept it, per rollup key (the
-- conversion's UTC hour and day, its click's sub-ID, trackers and country), approved and pending apart.
UPDATE "stats_hourly" s SET "revenue" = c.revenue, "pending_revenue" = c.pending_revenue
FROM (
  SELECT "partner_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, "offer_id", "currency",
    coalesce("subid", '') AS subid, coalesce("tc1", '') AS tc1, coalesce("tc2", '') AS tc2, coalesce("tc3", '') AS tc3,
    coalesce("tc4", '') AS tc4, coalesce("country", '') AS country,
    coalesce(sum("revenue") FILTER (WHERE "status" = 'approved'), 0) AS revenue,
    coalesce(sum("revenue") FILTER (WHERE "status" = 'pending'), 0) AS pending_revenue
  FROM "conversions"
  WHERE "partner_id" IS NOT NULL AND "offer_id" IS NOT NULL AND "status" <> 'rejected'
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
) c
WHERE s."partner_id" = c."partner_id" AND s."hour" = c.hour AND s."offer_id" = c."offer_id" AND s."currency" = c."currency"
  AND s."subid" = c.subid AND s."tc1" = c.tc1 AND s."tc2" = c.tc2 AND s."tc3" = c.tc3 AND s."tc4" = c.tc4
  AND s."country" = c.country;
--> statement-breakpoint
UPDATE "stats_daily" d SET "revenue" = h.revenue, "pending_revenue" = h.pending_revenue
FROM (
  SELECT "partner_id", ("hour" AT TIME ZONE 'UTC')::date AS day, "offer_id", "currency", "subid", "tc1", "tc2", "tc3",
    "tc4", "country", sum("revenue") AS revenue, sum("pending_revenue") AS pending_revenue
  FROM "stats_hourly"
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
) h
WHERE d."partner_id" = h."partner_id" AND d."day" = h.day AND d."offer_id" = h."offer_id" AND d."currency" = h."currency"
  AND d."subid" = h."subid" AND d."tc1" = h."tc1" AND d."tc2" = h."tc2" AND d."tc3" = h."tc3" AND d."tc4" = h."tc4"
  AND d."country" = h."country";
--> statement-breakpoint
INSERT INTO "stats_network_hourly" ("hour", "partner_id", "offer_id", "currency", "country", "clicks", "conversions",
  "pending", "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "hour", "partner_id", "offer_id", "currency", "country", sum("clicks"), sum("conversions"), sum("pending"),
  sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_hourly"
GROUP BY "hour", "partner_id", "offer_id", "currency", "country";
