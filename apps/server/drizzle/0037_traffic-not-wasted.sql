CREATE TABLE "refused_click_digests" (
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refused_click_digests_pk" PRIMARY KEY("partner_id","day")
);
--> statement-breakpoint
ALTER TABLE "offer_goals" ADD COLUMN "main" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cap_usage" ADD COLUMN "partner_alert_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refused_click_digests" ADD CONSTRAINT "refused_click_digests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_goals_main_idx" ON "offer_goals" USING btree ("offer_id") WHERE "offer_goals"."main";