-- An equal share belongs to a split that keeps one size (decision 022): each share of a split
-- carries the split's id and what it splits (what was free to pay when its first share started).
-- Shares taken before this migration have neither; the next share after it starts a new split of
-- what is left. (The journal's "when" follows 0020's by a day, as the others do: drizzle's migrator
-- applies only migrations dated after the last one applied.)
ALTER TABLE "bill_payments" ADD COLUMN "split_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "split_due_minor" integer;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_split_of_equal_share" CHECK ("bill_payments"."split_id" IS NULL OR ("bill_payments"."mode" = 'equal' AND "bill_payments"."parts" IS NOT NULL AND "bill_payments"."split_due_minor" IS NOT NULL));
