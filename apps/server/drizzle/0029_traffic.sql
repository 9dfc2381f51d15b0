CREATE TABLE "blocklist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocklist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(16) NOT NULL,
	"value" text NOT NULL,
	"offer_id" integer,
	"partner_id" integer,
	"expires_at" timestamp with time zone,
	"note" text,
	"created_by" integer,
	"created_by_partner" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traffic_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer,
	"bot" varchar(8),
	"missing_user_agent" varchar(8),
	"data_centre" varchar(8),
	"velocity" varchar(8),
	"velocity_per_minute" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_rules_offer_unique" UNIQUE NULLS NOT DISTINCT("offer_id")
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "flags" text;--> statement-breakpoint
ALTER TABLE "blocklist_entries" ADD CONSTRAINT "blocklist_entries_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocklist_entries" ADD CONSTRAINT "blocklist_entries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD CONSTRAINT "traffic_rules_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocklist_entries_offer_id_index" ON "blocklist_entries" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "blocklist_entries_partner_id_index" ON "blocklist_entries" USING btree ("partner_id");