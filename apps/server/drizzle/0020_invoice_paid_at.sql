ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Invoices paid before the column: their last status change was the payment (decision 052).
UPDATE "invoices" SET "paid_at" = "updated_at" WHERE "status" = 'paid';
