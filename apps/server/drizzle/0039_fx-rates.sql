CREATE TABLE "fx_rates" (
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"rate" numeric(15, 6) NOT NULL,
	"source" varchar(16) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
