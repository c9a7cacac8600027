/* The CI gate: suppressions, fingerprints, baselines (see ci_gate.h). */
#include "ci_gate.h"

#include "baseline.h"
#include "finding_filter.h"
#include "fingerprint.h"
#include "source_text.h"
#include "string_list.h"
#include "suppressions.h"

#include <stdlib.h>

/* Drops the baselined findings of one file and their fingerprints. */
static size_t drop_baselined(const struct baseline *b, struct finding_list *list, char **fps)
{
	unsigned char *drop = xcalloc(list->len ? list->len : 1, 1);
	size_t kept = 0, dropped = 0, len = list->len;

	for (size_t k = 0; k < len; k++)
		drop[k] = (unsigned char)baseline_contains(b, fps[k]);
	for (size_t k = 0; k < len; k++) {
		if (drop[k]) {
			free(fps[k]);
			dropped++;
		} else {
			fps[kept++] = fps[k];
		}
	}
	finding_list_drop(list, drop);
	free(drop);
	return dropped;
}

int ci_gate_apply(struct ci_gate *g, const struct output_file *outs, const struct file_job *jobs,
		  struct file_result *results, size_t n, char *err, size_t errlen)
{
	struct baseline b = { 0 };

	if (g->baseline && baseline_load(g->baseline, &b, err, errlen) != 0)
		return -1;
	g->n = n;
	g->fps = xcalloc(n ? n : 1, sizeof(*g->fps));
	g->nfps = xcalloc(n ? n : 1, sizeof(*g->nfps));
	for (size_t i = 0; i < n; i++) {
		struct source_text src;

		if (jobs[i].contents)
			source_text_from_buffer(jobs[i].contents, jobs[i].contents_len, &src);
		else
			source_text_load(jobs[i].path, &src); /* unreadable: no suppressions */
		suppressions_apply(&results[i].findings, &src, g->rule_enabled, g->report_unused);
		g->fps[i] = fingerprints_compute(&results[i].findings, outs[i].display, &src);
		g->nfps[i] = results[i].findings.len;
		source_text_free(&src);
	}
	if (g->write_baseline &&
	    baseline_write(g->write_baseline, outs, n, g->fps, err, errlen) != 0) {
		baseline_free(&b);
		return -1;
	}
	for (size_t i = 0; g->baseline && i < n; i++) {
		g->baselined += drop_baselined(&b, &results[i].findings, g->fps[i]);
		g->nfps[i] = results[i].findings.len;
	}
	baseline_free(&b);
	return 0;
}

void ci_gate_free(struct ci_gate *g)
{
	for (size_t i = 0; g->fps && i < g->n; i++)
		fingerprints_free(g->fps[i], g->nfps[i]);
	free(g->fps);
	free(g->nfps);
	g->fps = NULL;
	g->nfps = NULL;
}
