CREATE TABLE "ip_velocity" (
	"offer_id" integer NOT NULL,
	"ip" varchar(64) NOT NULL,
	"minute_start" timestamp with time zone NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "ip_velocity_offer_id_ip_minute_start_pk" PRIMARY KEY("offer_id","ip","minute_start")
);
