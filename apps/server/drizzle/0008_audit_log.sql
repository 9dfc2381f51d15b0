CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" varchar(32) NOT NULL,
	"entity_type" varchar(32) NOT NULL,
	"entity_id" varchar(64) NOT NULL,
	"parent_id" varchar(64),
	"partner_id" integer,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"ip" text,
	"request_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "network_settings" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "read_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "viewed_by_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_entity_type_entity_id_created_at_index" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_created_at_index" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_partner_id_created_at_index" ON "audit_log" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_viewed_by_id_users_id_fk" FOREIGN KEY ("viewed_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The partner status history of decision 026 is carried into the audit log (decision 036), then its table goes.
INSERT INTO "audit_log" ("created_at", "actor_id", "action", "entity_type", "entity_id", "partner_id", "changes", "reason")
SELECT "created_at", "changed_by", 'status', 'partner', "partner_id"::text, "partner_id",
  jsonb_build_array(jsonb_build_object('field', 'status', 'before', "from_status", 'after', "to_status")), "reason"
FROM "partner_status_changes" ORDER BY "created_at", "id";--> statement-breakpoint
DROP TABLE "partner_status_changes" CASCADE;--> statement-breakpoint
-- Append-only, whoever asks: no role, the owner included, updates, deletes or truncates an entry.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;
