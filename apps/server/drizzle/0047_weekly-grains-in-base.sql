CREATE TABLE "stats_fx_base" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"base" varchar(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_offer_weekly_fx" (
	"week" date NOT NULL,
	"offer_id" integer NOT NULL,
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
	CONSTRAINT "stats_offer_weekly_fx_pk" PRIMARY KEY("week","offer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_pair_weekly_fx" (
	"week" date NOT NULL,
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
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
	CONSTRAINT "stats_pair_weekly_fx_pk" PRIMARY KEY("week","partner_id","offer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "stats_partner_weekly_fx" (
	"week" date NOT NULL,
	"partner_id" integer NOT NULL,
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
	CONSTRAINT "stats_partner_weekly_fx_pk" PRIMARY KEY("week","partner_id","currency")
);
