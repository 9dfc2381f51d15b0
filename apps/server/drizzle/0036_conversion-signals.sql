ALTER TABLE "goals" ADD COLUMN "min_seconds_to_convert" integer;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "signals" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "visitor_ip" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "conversion_country" varchar(2);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "too_fast" varchar(8);--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "country_mismatch" varchar(8);--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "ip_conversions" varchar(8);--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "duplicate_transaction" varchar(8);--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "conversion_rate_spike" varchar(8);--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "flagged_click" varchar(8);--> statement-breakpoint
ALTER TABLE "traffic_rules" ADD COLUMN "conversions_per_ip_per_day" integer;--> statement-breakpoint
CREATE INDEX "conversions_offer_visitor_ip_idx" ON "conversions" USING btree ("offer_id","visitor_ip","created_at") WHERE visitor_ip is not null;