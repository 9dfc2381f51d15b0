ALTER TABLE "news" ADD COLUMN "audience" jsonb DEFAULT '{"kind":"all"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;