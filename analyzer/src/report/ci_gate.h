/*
 * The CI gate between analysis and output: inline suppressions, fingerprints,
 * --write-baseline and --baseline, in that order.
 */
#ifndef GENDISK_LINT_CI_GATE_H
#define GENDISK_LINT_CI_GATE_H

#include "frontend.h"
#include "output.h"

#include <stddef.h>

struct ci_gate {
	/* options */
	const char *baseline;        /* --baseline FILE or NULL */
	const char *write_baseline;  /* --write-baseline FILE or NULL */
	int report_unused;           /* --report-unused-suppressions */
	const unsigned char *rule_enabled;
	/* results */
	char ***fps;                 /* fps[i][k]: fingerprint of finding k of file i */
	size_t *nfps;                /* fps[i] has nfps[i] entries */
	size_t n;
	size_t baselined;            /* findings dropped because the baseline has them */
};

/*
 * Applies the gate to results[i] (shown as outs[i], read from jobs[i].path).
 * 0 on success; -1 with a message in err (unreadable baseline, unwritable file).
 */
int ci_gate_apply(struct ci_gate *g, const struct output_file *outs, const struct file_job *jobs,
		  struct file_result *results, size_t n, char *err, size_t errlen);
void ci_gate_free(struct ci_gate *g);

#endif
