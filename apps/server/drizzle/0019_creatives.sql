CREATE TABLE "offer_creatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_creatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(120) NOT NULL,
	"image_id" integer,
	"width" integer,
	"height" integer,
	"html" text,
	"text" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_landing_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_landing_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"url" text NOT NULL,
	"preview_image_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_creatives" ADD CONSTRAINT "offer_creatives_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_creatives" ADD CONSTRAINT "offer_creatives_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_landing_pages" ADD CONSTRAINT "offer_landing_pages_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_landing_pages" ADD CONSTRAINT "offer_landing_pages_preview_image_id_files_id_fk" FOREIGN KEY ("preview_image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_creatives_offer_id_index" ON "offer_creatives" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_landing_pages_offer_id_index" ON "offer_landing_pages" USING btree ("offer_id");