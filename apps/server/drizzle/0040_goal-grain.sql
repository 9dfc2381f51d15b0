CREATE TABLE "stats_goal_daily" (
	"day" date NOT NULL,
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"goal" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
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
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_goal_daily_pk" PRIMARY KEY("day","partner_id","offer_id","goal","currency","country","subid","tc1","tc2","tc3","tc4")
);
--> statement-breakpoint
CREATE TABLE "stats_goal_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"goal" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
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
	"revenue" bigint DEFAULT 0 NOT NULL,
	"pending_revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_goal_hourly_pk" PRIMARY KEY("hour","partner_id","offer_id","goal","currency","country","subid","tc1","tc2","tc3","tc4")
);
--> statement-breakpoint
-- Decision 113: the goal grain filled from the conversions already recorded, counted as the postback and the changes
-- count them (approved: conversions and amounts; pending: pending and its amounts; rejected: the count only), at the
-- UTC hour each was recorded in. Conversions of an unknown click (no partner) were never in a rollup.
INSERT INTO "stats_goal_hourly" ("hour", "partner_id", "offer_id", "goal", "currency", "country", "subid", "tc1", "tc2", "tc3", "tc4",
  "conversions", "pending", "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', "partner_id", "offer_id", "goal", "currency",
  coalesce("country", ''), coalesce("subid", ''), coalesce("tc1", ''), coalesce("tc2", ''), coalesce("tc3", ''), coalesce("tc4", ''),
  count(*) FILTER (WHERE "status" = 'approved'), count(*) FILTER (WHERE "status" = 'pending'),
  count(*) FILTER (WHERE "status" = 'rejected'),
  coalesce(sum("payout") FILTER (WHERE "status" = 'approved'), 0), coalesce(sum("payout") FILTER (WHERE "status" = 'pending'), 0),
  coalesce(sum("revenue") FILTER (WHERE "status" = 'approved'), 0), coalesce(sum("revenue") FILTER (WHERE "status" = 'pending'), 0)
FROM "conversions"
WHERE "partner_id" IS NOT NULL AND "offer_id" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
--> statement-breakpoint
INSERT INTO "stats_goal_daily" ("day", "partner_id", "offer_id", "goal", "currency", "country", "subid", "tc1", "tc2", "tc3", "tc4",
  "clicks", "conversions", "pending", "rejected", "payout", "pending_payout", "revenue", "pending_revenue")
SELECT ("hour" AT TIME ZONE 'UTC')::date, "partner_id", "offer_id", "goal", "currency", "country", "subid", "tc1", "tc2", "tc3", "tc4",
  sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"), sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_goal_hourly"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
