/* -j N worker processes with a per-file time limit and their peak RSS. */
#ifndef GENDISK_LINT_WORKER_PROCESSES_H
#define GENDISK_LINT_WORKER_PROCESSES_H

#include "frontend.h"

#include <stddef.h>

/*
 * A file that makes libclang hang (or crash) must not stop a sweep: with
 * a time limit, files are analysed in forked worker processes that take
 * file indexes from the parent over a pipe and send back each result
 * (result_wire.h).  A worker busy with one file for longer than the limit
 * is killed (SIGKILL): the file is reported as a FILE_ERROR ("timed
 * out"), as is a file during which its worker died; a new worker takes
 * the remaining files.  Results are stored at the file's index, so the
 * output order does not depend on N or on timing.
 */

struct worker_usage {
	long pid;
	size_t files;         /* results it delivered */
	long max_rss_kb;      /* its peak resident set (wait4's ru_maxrss) */
	double cpu_s;         /* user + system */
	int killed;           /* ended by the time limit */
};

struct worker_run {
	size_t njobs;
	int nworkers;
	double timeout_s;     /* > 0 */
	/* more time for each worker's first file: it may build the header
	 * cache (a PCH, ~10-30 s once per flag set; header_cache.h) */
	double first_file_extra_s;
	struct file_result *results;      /* njobs, filled in */
	/* Called in a worker: analyse job i into *res. */
	void (*analyse)(void *ctx, size_t i, struct file_result *res);
	/* Called in a worker before it exits (free per-process state). */
	void (*worker_exit)(void *ctx);
	/* Called in the parent when job i is handed out / its result is in. */
	void (*started)(void *ctx, size_t i);
	void (*finished)(void *ctx, size_t i);
	void *ctx;
	/* out: one entry per worker process started */
	struct worker_usage *usage;
	size_t nusage;
	size_t timeouts, crashes;
};

/* Runs every job; returns 0, or -1 when no worker process could be started. */
int worker_processes_run(struct worker_run *run);

#endif
