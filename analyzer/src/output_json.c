/* The JSON document of --format=json (schema in README.md). */
#include "json_writer.h"
#include "output.h"

static const char *status_name(enum file_status s)
{
	return s == FILE_OK ? "ok" : s == FILE_INCOMPLETE ? "incomplete" : "error";
}

void output_json(FILE *out, const struct output_file *files, size_t n, const char *kernel)
{
	int first = 1;

	fputs("{\"tool\":\"gendisk-lint\",\"version\":", out);
	json_write_string(out, GENDISK_LINT_VERSION);
	fputs(",\"kernel\":", out);
	if (kernel && *kernel)
		json_write_string(out, kernel);
	else
		fputs("null", out);
	fputs(",\n \"files\":[", out);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",\n  " : "\n  ", out);
		fputs("{\"file\":", out);
		json_write_string(out, files[i].display);
		fputs(",\"status\":", out);
		json_write_string(out, status_name(files[i].result->status));
		fputs(",\"message\":", out);
		json_write_string(out, files[i].result->message);
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
