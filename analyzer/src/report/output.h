/* Writers for the findings: GCC-style text and the JSON document. */
#ifndef GENDISK_LINT_OUTPUT_H
#define GENDISK_LINT_OUTPUT_H

#include "frontend.h"
#include "string_list.h"

#include <stdio.h>

struct output_file {
	const char *display;
	const struct file_result *result;
};

/*
 * A file's status as the JSON and SARIF documents say it: "ok",
 * "degraded", "error", or "skipped" for a file not analysed on purpose
 * (FILE_OK internally: it cannot have a finding); then *reason is
 * "prefilter" (no rule's trigger token: not parsed) or "block-core" (a
 * file of a kernel tree's block/), else NULL.
 */
const char *output_status(const struct file_result *r, const char **reason);

void output_text(FILE *out, const struct output_file *files, size_t n);
/* kernel: the version to print ("" = unknown, printed as null); notes: the
 * run's notes (a module parsed without its own flags ...), a "notes" array
 * when there are some (NULL or empty: none) */
void output_json(FILE *out, const struct output_file *files, size_t n, const char *kernel,
		 const struct string_list *notes);

#endif
