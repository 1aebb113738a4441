-- Menu imports read and not yet applied (decision 044): the file and a fingerprint of what applying
-- it would do, in the database so that every instance behind a load balancer applies any preview.
-- (The journal's "when" follows 0030's by a day.)
CREATE TABLE "menu_import_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"csv" text NOT NULL,
	"fingerprint" text NOT NULL,
	"has_errors" boolean NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "menu_import_previews" ADD CONSTRAINT "menu_import_previews_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_import_previews_restaurant_expires_idx" ON "menu_import_previews" USING btree ("restaurant_id","expires_at");
