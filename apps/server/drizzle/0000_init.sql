CREATE TABLE "advertisers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"security_token" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" varchar(8) NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"starting_at" timestamp with time zone NOT NULL,
	"ending_at" timestamp with time zone NOT NULL,
	"total_amount" bigint NOT NULL,
	"total_vat_amount" bigint DEFAULT 0 NOT NULL,
	"partner_account_type" varchar(16) NOT NULL,
	"partner_name" text NOT NULL,
	"payment_threshold" integer,
	"payment_terms" varchar(16) NOT NULL,
	"payment_currency" varchar(3) NOT NULL,
	"deferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"click_id" varchar(64) NOT NULL,
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"subid" text,
	"tc1" text,
	"tc2" text,
	"tc3" text,
	"tc4" text,
	"ip" text,
	"user_agent" text,
	"referrer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clicks_clickId_unique" UNIQUE("click_id")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"click_id" varchar(64),
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"goal_id" integer,
	"transaction_id" text,
	"amount" bigint,
	"payout" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"status" varchar(16) DEFAULT 'approved' NOT NULL,
	"reason" varchar(32),
	"subid" text,
	"tc1" text,
	"tc2" text,
	"tc3" text,
	"tc4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"iso_code" varchar(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_list_items" (
	"list" varchar(64) NOT NULL,
	"value" varchar(64) NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "data_list_items_list_value_pk" PRIMARY KEY("list","value")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" varchar(32) NOT NULL,
	"meta" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" varchar(64) NOT NULL,
	"filename" text NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"owner_partner_id" integer,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "goal_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goal_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" varchar(16) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "goal_types_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"types" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "goals_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"billing_request_id" integer NOT NULL,
	"reference" text NOT NULL,
	"status" varchar(32) DEFAULT 'waiting_for_approval' NOT NULL,
	"invoice_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_billingRequestId_unique" UNIQUE("billing_request_id"),
	CONSTRAINT "invoices_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" varchar(5) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_countries" (
	"offer_id" integer NOT NULL,
	"iso_code" varchar(2) NOT NULL,
	CONSTRAINT "offer_countries_offer_id_iso_code_pk" PRIMARY KEY("offer_id","iso_code")
);
--> statement-breakpoint
CREATE TABLE "offer_goal_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_goal_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_goal_id" integer NOT NULL,
	"goal_type_id" integer NOT NULL,
	"payout_amount" integer,
	"payout_percent" integer
);
--> statement-breakpoint
CREATE TABLE "offer_goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"goal_id" integer NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"payout_amount" integer,
	"payout_percent" integer
);
--> statement-breakpoint
CREATE TABLE "offer_verticals" (
	"offer_id" integer NOT NULL,
	"vertical_id" integer NOT NULL,
	CONSTRAINT "offer_verticals_offer_id_vertical_id_pk" PRIMARY KEY("offer_id","vertical_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"product_id" integer NOT NULL,
	"conversion_type" varchar(16) NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"preview_url" text,
	"default_url" text NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"require_approval" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"company_role" varchar(16) NOT NULL,
	"civility" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"nickname" text,
	"email" varchar(254),
	"phone_number" text,
	"telegram" text,
	"teams" text,
	"document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"expire_at" timestamp with time zone,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"subid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_manager_id" integer,
	"account_type" varchar(16) DEFAULT 'affiliate' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"advertising_platform" text,
	"prospect" boolean DEFAULT false NOT NULL,
	"company_status" text,
	"company_name" text NOT NULL,
	"company_registration_number" text,
	"company_vat_number" text,
	"langs" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" varchar(2),
	"address" text,
	"zip_code" text,
	"state" text,
	"city" text,
	"email" varchar(254) NOT NULL,
	"phone_number" text,
	"prospect_origin" text,
	"typology" text,
	"verticals" text[] DEFAULT '{}'::text[] NOT NULL,
	"geographic_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"traffic_sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"experience" text,
	"monthly_estimate_revenue" text,
	"website_url" text,
	"payment_threshold" integer,
	"payment_terms" varchar(16) DEFAULT 'net30' NOT NULL,
	"payment_currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"payment_method" varchar(16) DEFAULT 'wire' NOT NULL,
	"account_holder" text,
	"bank_name" text,
	"bank_address" text,
	"iban" text,
	"swift" text,
	"routing_number" text,
	"credential_url" text,
	"credential_username" text,
	"credential_password" text,
	"image_id" integer,
	"last_activity_at" timestamp with time zone,
	"all_offers_access" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "postback_offers" (
	"postback_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	CONSTRAINT "postback_offers_postback_id_offer_id_pk" PRIMARY KEY("postback_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "postbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text,
	"partner_id" integer NOT NULL,
	"sub_id" text,
	"goal_id" integer,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"type" varchar(32) NOT NULL,
	"domain" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"logo_id" integer,
	"cross" boolean DEFAULT false NOT NULL,
	"coreg" boolean DEFAULT false NOT NULL,
	CONSTRAINT "products_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"nickname" text,
	"teams" text,
	"telegram" text,
	"phone" text,
	"logged_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"authorized_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"authorized_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"account_manager" boolean DEFAULT false NOT NULL,
	"team_manager" boolean DEFAULT false NOT NULL,
	"manager_id" integer,
	"team_id" integer,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_id" integer,
	"partner_id" integer,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verticals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verticals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" varchar(64) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "verticals_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
ALTER TABLE "billing_requests" ADD CONSTRAINT "billing_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_request_id_billing_requests_id_fk" FOREIGN KEY ("billing_request_id") REFERENCES "public"."billing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_file_id_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_countries" ADD CONSTRAINT "offer_countries_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_countries" ADD CONSTRAINT "offer_countries_iso_code_countries_iso_code_fk" FOREIGN KEY ("iso_code") REFERENCES "public"."countries"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_goal_types" ADD CONSTRAINT "offer_goal_types_offer_goal_id_offer_goals_id_fk" FOREIGN KEY ("offer_goal_id") REFERENCES "public"."offer_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_goal_types" ADD CONSTRAINT "offer_goal_types_goal_type_id_goal_types_id_fk" FOREIGN KEY ("goal_type_id") REFERENCES "public"."goal_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD CONSTRAINT "offer_goals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD CONSTRAINT "offer_goals_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_verticals" ADD CONSTRAINT "offer_verticals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_verticals" ADD CONSTRAINT "offer_verticals_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD CONSTRAINT "partner_contacts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD CONSTRAINT "partner_contacts_document_id_files_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_documents" ADD CONSTRAINT "partner_documents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_documents" ADD CONSTRAINT "partner_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_offers" ADD CONSTRAINT "partner_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_country_countries_iso_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("iso_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD CONSTRAINT "password_reset_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_offers" ADD CONSTRAINT "postback_offers_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_offers" ADD CONSTRAINT "postback_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_logo_id_files_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_failures_scope_key_created_at_index" ON "auth_failures" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE INDEX "billing_requests_partner_id_starting_at_index" ON "billing_requests" USING btree ("partner_id","starting_at");--> statement-breakpoint
CREATE INDEX "clicks_partner_id_created_at_index" ON "clicks" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_partner_id_created_at_index" ON "conversions" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_sent_at_next_attempt_at_index" ON "email_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "files_owner_partner_id_index" ON "files" USING btree ("owner_partner_id");--> statement-breakpoint
CREATE INDEX "news_published_at_index" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "offer_countries_iso_code_index" ON "offer_countries" USING btree ("iso_code");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_goal_types_offer_goal_id_goal_type_id_index" ON "offer_goal_types" USING btree ("offer_goal_id","goal_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_goals_offer_id_goal_id_index" ON "offer_goals" USING btree ("offer_id","goal_id");--> statement-breakpoint
CREATE INDEX "offer_verticals_vertical_id_index" ON "offer_verticals" USING btree ("vertical_id");--> statement-breakpoint
CREATE INDEX "offers_enabled_private_index" ON "offers" USING btree ("enabled","private");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_contacts_partner_id_company_role_index" ON "partner_contacts" USING btree ("partner_id","company_role");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_documents_partner_id_type_index" ON "partner_documents" USING btree ("partner_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_offers_partner_id_offer_id_index" ON "partner_offers" USING btree ("partner_id","offer_id");--> statement-breakpoint
CREATE INDEX "partners_account_manager_id_index" ON "partners" USING btree ("account_manager_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_email_lower_idx" ON "partners" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "password_reset_keys_user_id_index" ON "password_reset_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "postbacks_partner_id_index" ON "postbacks" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_partner_id_index" ON "users" USING btree ("partner_id");