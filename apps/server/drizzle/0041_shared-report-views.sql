CREATE TABLE "report_view_pins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"view_id" integer NOT NULL,
	"pinned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_views" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_view_pins" ADD CONSTRAINT "report_view_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_view_pins" ADD CONSTRAINT "report_view_pins_view_id_report_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."report_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_view_pins_view_id_index" ON "report_view_pins" USING btree ("view_id");