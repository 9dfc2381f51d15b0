CREATE TABLE "partner_postback_secrets" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"postback_id" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"http_status" integer,
	"duration_ms" integer NOT NULL,
	"response_snippet" text,
	"error" text,
	"success" boolean NOT NULL,
	"delivery_status" varchar(16) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"postback_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"conversion_id" bigint,
	"conversion_status" varchar(16),
	"url" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_http_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postback_deliveries_deliveryId_unique" UNIQUE("delivery_id")
);
--> statement-breakpoint
ALTER TABLE "postbacks" ADD COLUMN "disabled_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "partner_postback_secrets" ADD CONSTRAINT "partner_postback_secrets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_attempts" ADD CONSTRAINT "postback_attempts_delivery_id_postback_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."postback_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_deliveries" ADD CONSTRAINT "postback_deliveries_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "postback_attempts_postback_idx" ON "postback_attempts" USING btree ("postback_id","attempted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "postback_deliveries_event_idx" ON "postback_deliveries" USING btree ("postback_id","conversion_id","conversion_status") WHERE conversion_id is not null;--> statement-breakpoint
CREATE INDEX "postback_deliveries_due_idx" ON "postback_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "postback_deliveries_postback_idx" ON "postback_deliveries" USING btree ("postback_id","created_at" DESC NULLS LAST);