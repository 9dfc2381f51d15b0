CREATE TABLE "payout_override_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_override_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"goal_id" integer NOT NULL,
	"payout_amount" integer,
	"payout_percent" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payout_override_requests" ADD CONSTRAINT "payout_override_requests_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_override_requests" ADD CONSTRAINT "payout_override_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_override_requests" ADD CONSTRAINT "payout_override_requests_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_override_requests" ADD CONSTRAINT "payout_override_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_override_requests" ADD CONSTRAINT "payout_override_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_override_requests_offer_id_partner_id_goal_id_index" ON "payout_override_requests" USING btree ("offer_id","partner_id","goal_id") WHERE "payout_override_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payout_override_requests_status_requested_at_index" ON "payout_override_requests" USING btree ("status","requested_at");