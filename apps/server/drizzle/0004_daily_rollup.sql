CREATE TABLE "stats_daily" (
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "stats_daily_pk" PRIMARY KEY("partner_id","day","offer_id","currency","subid","tc1","tc2","tc3","tc4")
);
--> statement-breakpoint
-- Backfill (decision 021): existing hourly rows folded per UTC day.
INSERT INTO "stats_daily" ("partner_id", "day", "offer_id", "currency", "subid", "tc1", "tc2", "tc3", "tc4", "clicks", "conversions", "pending", "rejected", "payout", "pending_payout")
SELECT "partner_id", ("hour" AT TIME ZONE 'UTC')::date, "offer_id", "currency", "subid", "tc1", "tc2", "tc3", "tc4",
	sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout")
FROM "stats_hourly"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
