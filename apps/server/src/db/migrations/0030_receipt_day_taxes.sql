-- Each business day's receipts summed by tax rate (decision 038), kept as receipts are issued, so
-- the day's report reads a few rows; filled from the receipts there are. An index for the receipts
-- list, newest first. (The journal's "when" follows 0029's by a day.)
CREATE TABLE "receipt_day_taxes" (
	"restaurant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"net_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	CONSTRAINT "receipt_day_taxes_restaurant_id_business_date_rate_bp_name_pk" PRIMARY KEY("restaurant_id","business_date","rate_bp","name")
);
--> statement-breakpoint
ALTER TABLE "receipt_day_taxes" ADD CONSTRAINT "receipt_day_taxes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_restaurant_issued_idx" ON "receipts" USING btree ("restaurant_id","issued_at");--> statement-breakpoint
INSERT INTO receipt_day_taxes (restaurant_id, business_date, name, rate_bp, net_minor, tax_minor)
SELECT r.restaurant_id, r.business_date, t->>'name', (t->>'rateBasisPoints')::int,
  sum((t->>'netMinor')::bigint), sum((t->>'taxMinor')::bigint)
FROM receipts r, jsonb_array_elements(r.taxes) t
GROUP BY 1, 2, 3, 4;
