CREATE TABLE "stats_network_daily" (
	"day" date NOT NULL,
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
	CONSTRAINT "stats_network_daily_pk" PRIMARY KEY("day","partner_id","offer_id","currency","country")
);
--> statement-breakpoint
-- The daily narrow rollup of what the hourly one already holds (decision 046).
INSERT INTO "stats_network_daily" ("day", "partner_id", "offer_id", "currency", "country", "clicks", "conversions",
  "pending", "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT ("hour" AT TIME ZONE 'UTC')::date, "partner_id", "offer_id", "currency", "country", sum("clicks"),
  sum("conversions"), sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"),
  sum("pending_revenue")
FROM "stats_network_hourly"
GROUP BY 1, 2, 3, 4, 5;
