/*
 * The progress line on a terminal: "\r[done/total] N findings  FILE" on
 * stderr, redrawn when a file starts or finishes (any worker thread),
 * erased at the end.  Off unless stderr is a terminal and there is more
 * than one file.
 */
#ifndef GENDISK_LINT_PROGRESS_H
#define GENDISK_LINT_PROGRESS_H

#include <pthread.h>
#include <stddef.h>

struct progress {
	pthread_mutex_t lock;
	int enabled;
	int fd;
	size_t total, done, findings;
	const char *current; /* the file started last */
	int drawn;           /* a line is on the screen */
};

/* WANTED is 0 for --quiet / --no-progress. */
void progress_init(struct progress *p, size_t total, int wanted);
void progress_file_started(struct progress *p, const char *display);
/* NFINDINGS as the file's analysis found them (before suppressions and baselines). */
void progress_file_finished(struct progress *p, size_t nfindings);
/* Erases the line; call before printing anything else. */
void progress_end(struct progress *p);

#endif
