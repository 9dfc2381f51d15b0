CREATE TABLE "stats_landing_weekly" (
	"week" date NOT NULL,
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
	CONSTRAINT "stats_landing_weekly_pk" PRIMARY KEY("week","offer_id","landing_page_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_landing_weekly_fx" (
	"week" date NOT NULL,
	"offer_id" integer NOT NULL,
	"landing_page_id" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"fx_revenue" numeric DEFAULT '0' NOT NULL,
	"fx_revenue_inexact" numeric DEFAULT '0' NOT NULL,
	"fx_payout" numeric DEFAULT '0' NOT NULL,
	"fx_payout_inexact" numeric DEFAULT '0' NOT NULL,
	"fx_pending_revenue" numeric DEFAULT '0' NOT NULL,
	"fx_pending_revenue_inexact" numeric DEFAULT '0' NOT NULL,
	"fx_pending_payout" numeric DEFAULT '0' NOT NULL,
	"fx_pending_payout_inexact" numeric DEFAULT '0' NOT NULL,
	"money_days" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_landing_weekly_fx_pk" PRIMARY KEY("week","offer_id","landing_page_id","currency")
);
--> statement-breakpoint
-- The weekly landing grain (decision 150) filled from its daily table: each UTC day's counts added to its week's Monday.
INSERT INTO "stats_landing_weekly" ("week", "offer_id", "landing_page_id", "currency", "clicks", "conversions",
  "pending", "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT date_trunc('week', "day"::timestamp)::date, "offer_id", "landing_page_id", "currency", sum("clicks"),
  sum("conversions"), sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"),
  sum("pending_revenue")
FROM "stats_landing_daily"
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Its twin in the base currency is built at the next start with the others (decision 142): the base forgotten, every
-- `_weekly_fx` table is taken again from the daily grains and the rates for `BASE_CURRENCY` under their lock.
DELETE FROM "stats_fx_base";
