/* The JSON document of --format=json (schema in README.md). */
#include "json_writer.h"
#include "output.h"

const char *output_status(const struct file_result *r, const char **reason)
{
	*reason = NULL;
	if (r->status == FILE_DEGRADED)
		return "degraded";
	if (r->status == FILE_ERROR)
		return "error";
	if (r->block_core)
		*reason = "block-core";
	else if (r->prefiltered)
		*reason = "prefilter";
	return *reason ? "skipped" : "ok";
}

/* What a degraded file lost: functions with errors, headers, the first error. */
static void write_damage(FILE *out, const struct file_result *r)
{
	fprintf(out, ",\"functions\":%zu,\"degraded_functions\":%u,\"missing_headers\":[",
		r->nfunctions, r->degraded_functions);
	for (size_t k = 0; k < r->first_missing_headers.len; k++) {
		fputs(k ? "," : "", out);
		json_write_string(out, r->first_missing_headers.items[k]);
	}
	fputs("],\"first_error\":", out);
	if (r->first_error)
		json_write_string(out, r->first_error);
	else
		fputs("null", out);
}

void output_json(FILE *out, const struct output_file *files, size_t n, const char *kernel,
		 const struct string_list *notes)
{
	int first = 1;

	fputs("{\"tool\":\"gendisk-lint\",\"version\":", out);
	json_write_string(out, GENDISK_LINT_VERSION);
	fputs(",\"kernel\":", out);
	if (kernel && *kernel)
		json_write_string(out, kernel);
	else
		fputs("null", out);
	if (notes && notes->len) {
		fputs(",\"notes\":[", out);
		for (size_t i = 0; i < notes->len; i++) {
			fputs(i ? "," : "", out);
			json_write_string(out, notes->items[i]);
		}
		fputc(']', out);
	}
	fputs(",\n \"files\":[", out);
	for (size_t i = 0; i < n; i++) {
		const char *reason;

		fputs(i ? ",\n  " : "\n  ", out);
		fputs("{\"file\":", out);
		json_write_string(out, files[i].display);
		fputs(",\"status\":", out);
		json_write_string(out, output_status(files[i].result, &reason));
		if (reason) {
			fputs(",\"reason\":", out);
			json_write_string(out, reason);
		}
		fputs(",\"message\":", out);
		json_write_string(out, files[i].result->message);
		if (files[i].result->status == FILE_DEGRADED)
			write_damage(out, files[i].result);
		if (files[i].result->api_generation_note) {
			fputs(",\"api_generation\":", out);
			json_write_string(out, files[i].result->api_generation_note);
		}
		fputc('}', out);
	}
	fputs("],\n \"findings\":[", out);
	for (size_t i = 0; i < n; i++) {
		const struct finding_list *fl = &files[i].result->findings;

		for (size_t k = 0; k < fl->len; k++) {
			const struct finding *f = &fl->items[k];

			fputs(first ? "\n  " : ",\n  ", out);
			first = 0;
			fputs("{\"rule\":", out);
			json_write_string(out, f->rule_id);
			fputs(",\"severity\":", out);
			json_write_string(out, f->severity);
			fputs(",\"confidence\":", out);
			json_write_string(out, f->confidence);
			fputs(",\"file\":", out);
			json_write_string(out, files[i].display);
			fprintf(out, ",\"line\":%u,\"column\":%u,\"function\":", f->loc.line,
				f->loc.col);
			json_write_string(out, f->function);
			fputs(",\"message\":", out);
			json_write_string(out, f->message);
			fputs(",\"notes\":[", out);
			for (unsigned j = 0; j < f->nnotes; j++) {
				fputs(j ? "," : "", out);
				fputs("{\"file\":", out);
				json_write_string(out, files[i].display);
				fprintf(out, ",\"line\":%u,\"column\":%u,\"message\":",
					f->notes[j].loc.line, f->notes[j].loc.col);
				json_write_string(out, f->notes[j].message);
				fputc('}', out);
			}
			fputs("]}", out);
		}
	}
	fputs("]}\n", out);
}
