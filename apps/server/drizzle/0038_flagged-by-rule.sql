CREATE TABLE "flagged_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"kind" varchar(16) NOT NULL,
	"rule" varchar(32) NOT NULL,
	"offer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "flagged_hourly_pk" PRIMARY KEY("hour","kind","rule","offer_id","partner_id")
);
--> statement-breakpoint
CREATE INDEX "flagged_hourly_partner_hour_idx" ON "flagged_hourly" USING btree ("partner_id","hour");