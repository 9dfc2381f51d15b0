ALTER TABLE "conversions" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "country" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "country" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" DROP CONSTRAINT "stats_daily_pk";
--> statement-breakpoint
ALTER TABLE "stats_daily" ADD CONSTRAINT "stats_daily_pk" PRIMARY KEY("partner_id","day","offer_id","currency","subid","tc1","tc2","tc3","tc4","country");--> statement-breakpoint
ALTER TABLE "stats_hourly" DROP CONSTRAINT "stats_hourly_pk";
--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD CONSTRAINT "stats_hourly_pk" PRIMARY KEY("partner_id","hour","offer_id","currency","subid","tc1","tc2","tc3","tc4","country");