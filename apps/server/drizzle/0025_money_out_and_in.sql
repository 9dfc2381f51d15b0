CREATE TABLE "advertiser_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertiser_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"kind" varchar(16) DEFAULT 'invoice' NOT NULL,
	"advertiser_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"period_kind" varchar(16) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"billing_terms" varchar(16) NOT NULL,
	"conversions_amount" bigint NOT NULL,
	"conversion_count" integer NOT NULL,
	"adjustments_amount" bigint DEFAULT 0 NOT NULL,
	"net_amount" bigint NOT NULL,
	"vat_treatment" varchar(16) NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"vat_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"advertiser_name" text NOT NULL,
	"advertiser_address" text,
	"advertiser_country" varchar(2),
	"advertiser_vat_number" text,
	"status" varchar(16) DEFAULT 'issued' NOT NULL,
	"paid_on" date,
	"cancelled_at" timestamp with time zone,
	"credit_note_for_id" integer,
	"cancel_reason" text,
	"file_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertiser_invoices_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "numbering_series" (
	"series" varchar(32) NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "numbering_series_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "payment_batch_invoices" (
	"batch_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"creditor_name" text NOT NULL,
	"creditor_iban" varchar(34) NOT NULL,
	"creditor_bic" varchar(11),
	"open" boolean DEFAULT true NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "payment_batch_invoices_batch_id_invoice_id_pk" PRIMARY KEY("batch_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"transaction_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"requested_execution_date" date NOT NULL,
	"debtor_name" text NOT NULL,
	"debtor_iban" varchar(34) NOT NULL,
	"debtor_bic" varchar(11),
	"xml" text NOT NULL,
	"created_by_id" integer,
	"approved_by_id" integer,
	"approved_at" timestamp with time zone,
	"downloaded_by_id" integer,
	"downloaded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_batches_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "billing_terms" varchar(16) DEFAULT 'net30' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "vat_number" varchar(32);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "advertiser_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD COLUMN "advertiser_billable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_adjustments" ADD COLUMN "advertiser_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "advertiser_invoices" ADD CONSTRAINT "advertiser_invoices_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_invoices" ADD CONSTRAINT "advertiser_invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_invoices" ADD CONSTRAINT "advertiser_invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_invoices" ADD CONSTRAINT "payment_batch_invoices_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_invoices" ADD CONSTRAINT "payment_batch_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_downloaded_by_id_users_id_fk" FOREIGN KEY ("downloaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertiser_invoices_advertiser_id_period_start_index" ON "advertiser_invoices" USING btree ("advertiser_id","period_start");--> statement-breakpoint
CREATE INDEX "advertiser_invoices_status_due_on_index" ON "advertiser_invoices" USING btree ("status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "advertiser_invoices_period_idx" ON "advertiser_invoices" USING btree ("advertiser_id","period_start","currency") WHERE kind = 'invoice' and status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batch_invoices_one_open_idx" ON "payment_batch_invoices" USING btree ("invoice_id") WHERE open;--> statement-breakpoint
CREATE INDEX "payment_batches_status_created_at_index" ON "payment_batches" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "conversions_advertiser_uninvoiced_idx" ON "conversions" USING btree ("advertiser_id","currency","created_at") WHERE status = 'approved' and advertiser_invoice_id is null;--> statement-breakpoint
CREATE INDEX "conversions_advertiser_invoice_idx" ON "conversions" USING btree ("advertiser_invoice_id") WHERE advertiser_invoice_id is not null;--> statement-breakpoint
CREATE INDEX "conversion_adjustments_advertiser_unbilled_idx" ON "conversion_adjustments" USING btree ("advertiser_id","currency","created_at") WHERE advertiser_billable and advertiser_invoice_id is null;