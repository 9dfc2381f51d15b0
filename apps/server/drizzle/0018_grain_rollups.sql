CREATE TABLE "stats_offer_daily" (
	"day" date NOT NULL,
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
	CONSTRAINT "stats_offer_daily_pk" PRIMARY KEY("day","offer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_offer_hourly" (
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "stats_offer_hourly_pk" PRIMARY KEY("hour","offer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_partner_daily" (
	"day" date NOT NULL,
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
	CONSTRAINT "stats_partner_daily_pk" PRIMARY KEY("day","partner_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_partner_hourly" (
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "stats_partner_hourly_pk" PRIMARY KEY("hour","partner_id","currency")
);
--> statement-breakpoint
-- The partner and offer grains of what the network rollups already hold (decision 049).
INSERT INTO "stats_partner_hourly" ("hour", "partner_id", "currency", "clicks", "conversions", "pending", "rejected",
  "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "hour", "partner_id", "currency", sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"),
  sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_network_hourly"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stats_partner_daily" ("day", "partner_id", "currency", "clicks", "conversions", "pending", "rejected",
  "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "day", "partner_id", "currency", sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"),
  sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_network_daily"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stats_offer_hourly" ("hour", "offer_id", "currency", "clicks", "conversions", "pending", "rejected",
  "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "hour", "offer_id", "currency", sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"),
  sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_network_hourly"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "stats_offer_daily" ("day", "offer_id", "currency", "clicks", "conversions", "pending", "rejected",
  "payout", "pending_payout", "revenue", "pending_revenue")
SELECT "day", "offer_id", "currency", sum("clicks"), sum("conversions"), sum("pending"), sum("rejected"),
  sum("payout"), sum("pending_payout"), sum("revenue"), sum("pending_revenue")
FROM "stats_network_daily"
GROUP BY 1, 2, 3;
