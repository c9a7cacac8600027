/* GCC-style text output: FILE:LINE:COL: warning: MESSAGE [RULE] + note lines. */
#include "output.h"

void output_text(FILE *out, const struct output_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct finding_list *fl = &files[i].result->findings;

		for (size_t k = 0; k < fl->len; k++) {
			const struct finding *f = &fl->items[k];

			fprintf(out, "%s:%u:%u: %s: %s [%s]\n", files[i].display, f->loc.line,
				f->loc.col, f->severity, f->message, f->rule_id);
			for (unsigned j = 0; j < f->nnotes; j++)
				fprintf(out, "%s:%u:%u: note: %s\n", files[i].display,
					f->notes[j].loc.line, f->notes[j].loc.col,
					f->notes[j].message);
		}
	}
}
