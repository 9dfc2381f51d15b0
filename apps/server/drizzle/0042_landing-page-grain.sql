-- Decision 117: the landing page a click was sent to, kept on the click and its conversions and as a key of the
-- partner's rollup, the network rollups and the goal grain. The clicks never recorded it before: the rows already
-- counted are keyed -1 ("not recorded"), never guessed as the offer's own URL (0); rows written from now on carry 0 or
-- the page's id. Added with DEFAULT -1 (which fills the existing rows), then the default set to 0.
-- partner_offer_traffic: the (partner, offer) pairs that ever had traffic, filled from the network rollup.
CREATE TABLE "partner_offer_traffic" (
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	CONSTRAINT "partner_offer_traffic_pk" PRIMARY KEY("partner_id","offer_id")
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "landing_page_id" integer;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "landing_page_id" integer;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stats_goal_daily" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_goal_daily" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stats_goal_hourly" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_goal_hourly" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stats_network_daily" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_network_daily" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stats_network_hourly" ADD COLUMN "landing_page_id" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_network_hourly" ALTER COLUMN "landing_page_id" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "stats_daily" DROP CONSTRAINT "stats_daily_pk";
--> statement-breakpoint
ALTER TABLE "stats_daily" ADD CONSTRAINT "stats_daily_pk" PRIMARY KEY("partner_id","day","offer_id","currency","subid","tc1","tc2","tc3","tc4","country","landing_page_id");--> statement-breakpoint
ALTER TABLE "stats_goal_daily" DROP CONSTRAINT "stats_goal_daily_pk";
--> statement-breakpoint
ALTER TABLE "stats_goal_daily" ADD CONSTRAINT "stats_goal_daily_pk" PRIMARY KEY("day","partner_id","offer_id","goal","currency","country","subid","tc1","tc2","tc3","tc4","landing_page_id");--> statement-breakpoint
ALTER TABLE "stats_goal_hourly" DROP CONSTRAINT "stats_goal_hourly_pk";
--> statement-breakpoint
ALTER TABLE "stats_goal_hourly" ADD CONSTRAINT "stats_goal_hourly_pk" PRIMARY KEY("hour","partner_id","offer_id","goal","currency","country","subid","tc1","tc2","tc3","tc4","landing_page_id");--> statement-breakpoint
ALTER TABLE "stats_hourly" DROP CONSTRAINT "stats_hourly_pk";
--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD CONSTRAINT "stats_hourly_pk" PRIMARY KEY("partner_id","hour","offer_id","currency","subid","tc1","tc2","tc3","tc4","country","landing_page_id");--> statement-breakpoint
ALTER TABLE "stats_network_daily" DROP CONSTRAINT "stats_network_daily_pk";
--> statement-breakpoint
ALTER TABLE "stats_network_daily" ADD CONSTRAINT "stats_network_daily_pk" PRIMARY KEY("day","partner_id","offer_id","currency","country","landing_page_id");--> statement-breakpoint
ALTER TABLE "stats_network_hourly" DROP CONSTRAINT "stats_network_hourly_pk";
--> statement-breakpoint
ALTER TABLE "stats_network_hourly" ADD CONSTRAINT "stats_network_hourly_pk" PRIMARY KEY("hour","partner_id","offer_id","currency","country","landing_page_id");--> statement-breakpoint
INSERT INTO "partner_offer_traffic" ("partner_id", "offer_id")
  SELECT DISTINCT "partner_id", "offer_id" FROM "stats_network_daily" ORDER BY 1, 2 ON CONFLICT DO NOTHING;
