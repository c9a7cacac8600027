/*
 * Baselines: the fingerprints of known findings (--write-baseline FILE), so
 * that a later run with --baseline FILE reports only new ones.  Matching is
 * by fingerprint (fingerprint.h), never by line number.
 */
#ifndef GENDISK_LINT_BASELINE_H
#define GENDISK_LINT_BASELINE_H

#include "output.h"

#include <stddef.h>

struct baseline {
	char **fingerprints; /* sorted */
	size_t len;
};

/*
 * Writes the findings of files[] with their fingerprints (fps[i][k] for
 * finding k of file i).  0 on success, -1 with a message in err.
 */
int baseline_write(const char *path, const struct output_file *files, size_t n,
		   char **const *fps, char *err, size_t errlen);
/* 0 on success, -1 with a message naming the file and the problem in err. */
int baseline_load(const char *path, struct baseline *b, char *err, size_t errlen);
int baseline_contains(const struct baseline *b, const char *fingerprint);
void baseline_free(struct baseline *b);

#endif
