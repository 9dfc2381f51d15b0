CREATE TABLE "advertiser_postbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertiser_postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_id" integer NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"status" varchar(16),
	"reason" text,
	"conversion_id" integer,
	"duplicate" boolean DEFAULT false NOT NULL,
	"params" jsonb NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "previous_token" text;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "previous_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "contact_email" varchar(254);--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "currency" varchar(3) DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "advertiser_postbacks" ADD CONSTRAINT "advertiser_postbacks_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertiser_postbacks_advertiser_id_created_at_index" ON "advertiser_postbacks" USING btree ("advertiser_id","created_at");