CREATE TABLE "offer_allowed_partners" (
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	CONSTRAINT "offer_allowed_partners_offer_id_partner_id_pk" PRIMARY KEY("offer_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fallback_url" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "geo_targeting" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_allowed_partners" ADD CONSTRAINT "offer_allowed_partners_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_allowed_partners" ADD CONSTRAINT "offer_allowed_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_allowed_partners_partner_id_index" ON "offer_allowed_partners" USING btree ("partner_id");