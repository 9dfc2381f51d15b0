CREATE TABLE "offer_scheduled_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_scheduled_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"goal_id" integer NOT NULL,
	"payout_set" boolean DEFAULT false NOT NULL,
	"payout_amount" integer,
	"payout_percent" integer,
	"revenue_set" boolean DEFAULT false NOT NULL,
	"revenue_amount" integer,
	"revenue_percent" integer,
	"effective_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"failure" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offer_scheduled_changes" ADD CONSTRAINT "offer_scheduled_changes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_scheduled_changes" ADD CONSTRAINT "offer_scheduled_changes_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_scheduled_changes" ADD CONSTRAINT "offer_scheduled_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_scheduled_changes" ADD CONSTRAINT "offer_scheduled_changes_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_scheduled_changes_effective_at_index" ON "offer_scheduled_changes" USING btree ("effective_at") WHERE "offer_scheduled_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "offer_scheduled_changes_offer_id_index" ON "offer_scheduled_changes" USING btree ("offer_id");