CREATE TABLE "popin_survey_answers" (
	"popin_id" integer NOT NULL,
	"button" smallint NOT NULL,
	"day" date NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "popin_survey_answers_popin_id_button_day_pk" PRIMARY KEY("popin_id","button","day"),
	CONSTRAINT "popin_survey_answers_button_check" CHECK ("popin_survey_answers"."button" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "popin_survey_answers" ADD CONSTRAINT "popin_survey_answers_popin_id_popins_id_fk" FOREIGN KEY ("popin_id") REFERENCES "public"."popins"("id") ON DELETE cascade ON UPDATE no action;