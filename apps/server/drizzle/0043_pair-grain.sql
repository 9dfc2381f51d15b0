CREATE TABLE "stats_pair_daily" (
	"day" date NOT NULL,
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
	CONSTRAINT "stats_pair_daily_pk" PRIMARY KEY("day","partner_id","offer_id","currency")
);
--> statement-breakpoint
-- The pair grain (decision 123) filled from the network rollup's days: the same counts without country and landing page.
INSERT INTO "stats_pair_daily" ("day", "partner_id", "offer_id", "currency", "clicks", "conversions", "pending",
  "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "day", "partner_id", "offer_id", "currency", sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"),
  sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_network_daily"
GROUP BY 1, 2, 3, 4;
