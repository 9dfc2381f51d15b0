CREATE TABLE "stats_goal_offer_daily" (
	"day" date NOT NULL,
	"offer_id" integer NOT NULL,
	"goal" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"pending_payout" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_goal_offer_daily_pk" PRIMARY KEY("day","offer_id","goal","currency")
);
--> statement-breakpoint
-- The goal grain per offer (decision 141) filled from the goal grain's days, summed over partner, country, sub-IDs and
-- landing page.
INSERT INTO "stats_goal_offer_daily" ("day", "offer_id", "goal", "currency", "clicks", "conversions", "pending",
  "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "day", "offer_id", "goal", "currency", sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"),
  sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_goal_daily"
GROUP BY 1, 2, 3, 4;
