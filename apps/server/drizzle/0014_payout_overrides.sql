CREATE TABLE "payout_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"goal_id" integer NOT NULL,
	"payout_amount" integer,
	"payout_percent" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_overrides" ADD CONSTRAINT "payout_overrides_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_overrides" ADD CONSTRAINT "payout_overrides_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_overrides" ADD CONSTRAINT "payout_overrides_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_overrides_offer_id_partner_id_goal_id_index" ON "payout_overrides" USING btree ("offer_id","partner_id","goal_id");--> statement-breakpoint
CREATE INDEX "payout_overrides_partner_id_index" ON "payout_overrides" USING btree ("partner_id");