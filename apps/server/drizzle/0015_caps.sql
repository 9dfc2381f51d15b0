CREATE TABLE "cap_usage" (
	"cap_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "cap_usage_pk" PRIMARY KEY("cap_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "conversion_cap_takes" (
	"conversion_id" integer NOT NULL,
	"cap_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "conversion_cap_takes_pk" PRIMARY KEY("conversion_id","cap_id")
);
--> statement-breakpoint
CREATE TABLE "offer_caps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_caps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"partner_id" integer,
	"metric" varchar(16) NOT NULL,
	"period" varchar(8) NOT NULL,
	"limit" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cap_usage" ADD CONSTRAINT "cap_usage_cap_id_offer_caps_id_fk" FOREIGN KEY ("cap_id") REFERENCES "public"."offer_caps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_cap_takes" ADD CONSTRAINT "conversion_cap_takes_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_cap_takes" ADD CONSTRAINT "conversion_cap_takes_cap_id_offer_caps_id_fk" FOREIGN KEY ("cap_id") REFERENCES "public"."offer_caps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_caps" ADD CONSTRAINT "offer_caps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_caps" ADD CONSTRAINT "offer_caps_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_cap_takes_cap_id_index" ON "conversion_cap_takes" USING btree ("cap_id");--> statement-breakpoint
CREATE INDEX "offer_caps_offer_id_index" ON "offer_caps" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offer_caps_partner_id_index" ON "offer_caps" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "staff_notifications_user_id_created_at_index" ON "staff_notifications" USING btree ("user_id","created_at");