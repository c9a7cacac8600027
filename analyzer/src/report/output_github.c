/*
 * GitHub Actions workflow commands, one annotation per finding:
 *   ::warning file=F,line=L,col=C,title=RULE::MESSAGE
 * with the path notes appended to the message as "F:L:C: note: ..." lines.
 * Escaping follows the runner's rules (actions/toolkit command.ts): in the
 * message %, CR and LF; in property values also ':' and ','.
 */
#include "output_ci.h"

#include <string.h>

static void escape(FILE *out, const char *s, int property)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '%':
			fputs("%25", out);
			break;
		case '\r':
			fputs("%0D", out);
			break;
		case '\n':
			fputs("%0A", out);
			break;
		case ':':
			fputs(property ? "%3A" : ":", out);
			break;
		case ',':
			fputs(property ? "%2C" : ",", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

static const char *command_for(const char *severity)
{
	/* workflow commands know error, warning and notice */
	if (severity && strcmp(severity, "error") == 0)
		return "error";
	return severity && strcmp(severity, "info") == 0 ? "notice" : "warning";
}

void output_github(FILE *out, const struct output_file *files, size_t n,
		   const struct string_list *notes)
{
	for (size_t i = 0; notes && i < notes->len; i++) {
		fputs("::notice title=gendisk-lint::", out);
		escape(out, notes->items[i], 0);
		fputc('\n', out);
	}
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = files[i].result;

		if (r->status == FILE_ERROR || r->status == FILE_DEGRADED) {
			/* not analysed: an error; analysed on a damaged parse: a notice */
			fputs(r->status == FILE_ERROR ? "::error file=" : "::notice file=", out);
			escape(out, files[i].display, 1);
			fputs(",title=gendisk-lint::", out);
			escape(out, r->message, 0);
			fputc('\n', out);
		}
		for (size_t k = 0; k < r->findings.len; k++) {
			const struct finding *f = &r->findings.items[k];
			char buf[64];

			fprintf(out, "::%s file=", command_for(f->severity));
			escape(out, files[i].display, 1);
			fprintf(out, ",line=%u,col=%u,title=", f->loc.line, f->loc.col);
			escape(out, f->rule_id, 1);
			fputs("::", out);
			escape(out, f->message, 0);
			for (unsigned j = 0; j < f->nnotes; j++) {
				fputs("%0A", out);
				escape(out, files[i].display, 0);
				snprintf(buf, sizeof(buf), ":%u:%u: note: ", f->notes[j].loc.line,
					 f->notes[j].loc.col);
				escape(out, buf, 0);
				escape(out, f->notes[j].message, 0);
			}
			fputc('\n', out);
		}
	}
}
