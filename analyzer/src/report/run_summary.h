/* The --summary of a run (sweeps of big trees): what was parsed, what failed and why, cost. */
#ifndef GENDISK_LINT_RUN_SUMMARY_H
#define GENDISK_LINT_RUN_SUMMARY_H

#include "frontend.h"
#include "worker_processes.h"

#include <stdio.h>

struct run_stats {
	double wall_s;
	int jobs;
	double file_timeout_s;          /* 0: in-process threads, no limit */
	int prefilter;                  /* the token prefilter was on */
	const struct worker_run *workers; /* NULL with threads */
	size_t tree_headers;            /* files given a kernel tree's own headers */
	const unsigned char *not_built; /* per file: its tree's configuration does not build
					 * it (config_coverage.h), or NULL */
};

/* The peak RSS of this process so far, in KiB (getrusage). */
long run_summary_self_rss_kb(void);
/* Per worker process: pid, files, peak RSS, CPU (for -v). */
void run_summary_print_workers(FILE *out, const struct worker_run *run);
void run_summary_print(FILE *out, const struct file_result *results, size_t n,
		       const struct run_stats *st);

#endif
