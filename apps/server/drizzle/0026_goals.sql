ALTER TABLE "goals" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "goals_name_lower_idx" ON "goals" USING btree (lower("name"));--> statement-breakpoint
-- hand-written: begin
-- A goal an offer pays on, or paid on (its conversions, overrides and postbacks), keeps its code (decision 078).
UPDATE "goals" SET "used_at" = now() WHERE "used_at" IS NULL AND (
  EXISTS (SELECT 1 FROM "offer_goals" og WHERE og."goal_id" = "goals"."id")
  OR EXISTS (SELECT 1 FROM "conversions" c WHERE c."goal_id" = "goals"."id")
  OR EXISTS (SELECT 1 FROM "payout_overrides" po WHERE po."goal_id" = "goals"."id")
  OR EXISTS (SELECT 1 FROM "postbacks" p WHERE p."goal_id" = "goals"."id")
);
-- hand-written: end
