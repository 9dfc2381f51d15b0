CREATE TABLE "stats_offer_weekly" (
	"week" date NOT NULL,
	"offer_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_offer_weekly_pk" PRIMARY KEY("week","offer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_pair_weekly" (
	"week" date NOT NULL,
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_pair_weekly_pk" PRIMARY KEY("week","partner_id","offer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_partner_weekly" (
	"week" date NOT NULL,
	"partner_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_partner_weekly_pk" PRIMARY KEY("week","partner_id","currency")
);
--> statement-breakpoint
-- The weekly grains (decision 136) filled from their daily tables: each UTC day's counts added to its week's Monday.
INSERT INTO "stats_partner_weekly" ("week", "partner_id", "currency", "clicks", "conversions", "pending", "rejected",
  "payout", "pending_payout", "revenue", "pending_revenue")
SELECT date_trunc('week', "day"::timestamp)::date, "partner_id", "currency", sum("clicks"), sum("conversions"),
  sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_partner_daily"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stats_offer_weekly" ("week", "offer_id", "currency", "clicks", "conversions", "pending", "rejected",
  "payout", "pending_payout", "revenue", "pending_revenue")
SELECT date_trunc('week', "day"::timestamp)::date, "offer_id", "currency", sum("clicks"), sum("conversions"),
  sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_offer_daily"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stats_pair_weekly" ("week", "partner_id", "offer_id", "currency", "clicks", "conversions", "pending",
  "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT date_trunc('week', "day"::timestamp)::date, "partner_id", "offer_id", "currency", sum("clicks"),
  sum("conversions"), sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"),
  sum("pending_revenue")
FROM "stats_pair_daily"
GROUP BY 1, 2, 3, 4;
