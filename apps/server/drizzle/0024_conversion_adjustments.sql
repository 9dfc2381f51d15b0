CREATE TABLE "conversion_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversion_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversion_id" bigint NOT NULL,
	"partner_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"offer_id" integer,
	"currency" varchar(3) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status_before" varchar(16),
	"status_after" varchar(16) NOT NULL,
	"payout_before" bigint DEFAULT 0 NOT NULL,
	"payout_after" bigint DEFAULT 0 NOT NULL,
	"payout_delta" bigint NOT NULL,
	"revenue_delta" bigint NOT NULL,
	"reason_code" varchar(32),
	"note" text,
	"source" varchar(16) NOT NULL,
	"actor_id" integer,
	"scrub_id" integer,
	"billable" boolean NOT NULL,
	"original_billing_request_id" integer,
	"billing_request_id" integer,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_scrubs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversion_scrubs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_id" integer,
	"file_name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'previewed' NOT NULL,
	"created_by_id" integer,
	"applied_by_id" integer,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "bank_details_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "source" varchar(16) DEFAULT 'postback' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "reversal_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "original_payout" bigint;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD COLUMN "adjustments_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD COLUMN "period_kind" varchar(16) DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_requests" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD CONSTRAINT "conversion_adjustments_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD CONSTRAINT "conversion_adjustments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD CONSTRAINT "conversion_adjustments_scrub_id_conversion_scrubs_id_fk" FOREIGN KEY ("scrub_id") REFERENCES "public"."conversion_scrubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD CONSTRAINT "conversion_adjustments_original_billing_request_id_billing_requests_id_fk" FOREIGN KEY ("original_billing_request_id") REFERENCES "public"."billing_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD CONSTRAINT "conversion_adjustments_billing_request_id_billing_requests_id_fk" FOREIGN KEY ("billing_request_id") REFERENCES "public"."billing_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_scrubs" ADD CONSTRAINT "conversion_scrubs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_scrubs" ADD CONSTRAINT "conversion_scrubs_applied_by_id_users_id_fk" FOREIGN KEY ("applied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_adjustments_conversion_idx" ON "conversion_adjustments" USING btree ("conversion_id","created_at");--> statement-breakpoint
CREATE INDEX "conversion_adjustments_unbilled_idx" ON "conversion_adjustments" USING btree ("partner_id","currency","created_at") WHERE billable and billing_request_id is null;--> statement-breakpoint
CREATE INDEX "conversion_adjustments_billing_request_idx" ON "conversion_adjustments" USING btree ("billing_request_id") WHERE billing_request_id is not null;--> statement-breakpoint
CREATE INDEX "conversion_adjustments_undigested_idx" ON "conversion_adjustments" USING btree ("partner_id","created_at") WHERE digested_at is null;--> statement-breakpoint
CREATE INDEX "conversions_transaction_id_idx" ON "conversions" USING btree ("transaction_id") WHERE transaction_id is not null;--> statement-breakpoint
CREATE INDEX "conversions_click_id_idx" ON "conversions" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "conversions_status_created_idx" ON "conversions" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);