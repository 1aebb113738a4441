ALTER TABLE "idempotency_keys" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "idempotency_keys" SET "completed_at" = "created_at" WHERE "status_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Answers stored for replay carry orders, which now have a version.
UPDATE "idempotency_keys" SET "response" = jsonb_set("response", '{version}', '1') WHERE jsonb_typeof("response") = 'object' AND "response" ? 'statusHistory';--> statement-breakpoint
UPDATE "idempotency_keys" SET "response" = jsonb_set("response", '{order,version}', '1') WHERE jsonb_typeof("response") = 'object' AND "response" ? 'order';
