ALTER TABLE "conversions" ADD COLUMN "revenue" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD COLUMN "revenue_amount" integer;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD COLUMN "revenue_percent" integer;--> statement-breakpoint
ALTER TABLE "offer_goals" ADD COLUMN "allow_negative_margin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing goals get a believable revenue, 10 to 40 % above their payout, fixed by the goal's id (issue 19).
UPDATE "offer_goals" SET
  "revenue_amount" = CASE WHEN "payout_amount" IS NOT NULL THEN ("payout_amount" * (110 + "id" % 31) + 50) / 100 END,
  "revenue_percent" = CASE WHEN "payout_percent" IS NOT NULL THEN ("payout_percent" * (110 + "id" % 31) + 50) / 100 END
WHERE "revenue_amount" IS NULL AND "revenue_percent" IS NULL;--> statement-breakpoint
-- Existing conversions get theirs from their goal, as the postback would have computed it (half up, minor units).
UPDATE "conversions" AS c SET "revenue" = CASE
    WHEN og."revenue_amount" IS NOT NULL THEN og."revenue_amount"
    WHEN og."revenue_percent" IS NOT NULL AND c."amount" IS NOT NULL THEN (c."amount" * og."revenue_percent" + 5000) / 10000
    ELSE 0
  END
FROM "offer_goals" AS og
WHERE og."offer_id" = c."offer_id" AND og."goal_id" = c."goal_id" AND c."status" <> 'rejected';
