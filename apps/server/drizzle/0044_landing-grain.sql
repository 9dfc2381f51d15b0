-- Decision 126: the landing grain (UTC day, offer, landing page, currency), filled from the network rollup's days; and
-- the landing page as a key of the refused and flagged counts. Those rows already counted never knew their page: they
-- are keyed -1 ("not recorded", as decision 117 did for the rollups), then the default is set to 0.
CREATE TABLE "stats_landing_daily" (
	"day" date NOT NULL,
	"offer_id" integer NOT NULL,
	"landing_page_id" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_landing_daily_pk" PRIMARY KEY("day","offer_id","landing_page_id","currency")
);
--> statement-breakpoint
ALTER TABLE "flagged_hourly" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flagged_hourly" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rejected_clicks_hourly" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rejected_clicks_hourly" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "flagged_hourly" DROP CONSTRAINT "flagged_hourly_pk";
--> statement-breakpoint
ALTER TABLE "flagged_hourly" ADD CONSTRAINT "flagged_hourly_pk" PRIMARY KEY("hour","kind","rule","offer_id","partner_id","landing_page_id");--> statement-breakpoint
ALTER TABLE "rejected_clicks_hourly" DROP CONSTRAINT "rejected_clicks_hourly_pk";
--> statement-breakpoint
ALTER TABLE "rejected_clicks_hourly" ADD CONSTRAINT "rejected_clicks_hourly_pk" PRIMARY KEY("hour","reason","offer_id","partner_id","landing_page_id");--> statement-breakpoint
-- The landing grain filled from the network rollup's days: the same counts without partner and country.
INSERT INTO "stats_landing_daily" ("day", "offer_id", "landing_page_id", "currency", "clicks", "conversions",
  "pending", "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "day", "offer_id", "landing_page_id", "currency", sum("clicks"), sum("conversions"), sum("pending"),
  sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_network_daily"
GROUP BY 1, 2, 3, 4;
