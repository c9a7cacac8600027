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

void output_text(FILE *out, const struct output_file *files, size_t n);
/* kernel: the version to print ("" = unknown, printed as null); notes: the
 * run's notes (a module parsed without its own flags ...), a "notes" array
 * when there are some (NULL or empty: none) */
void output_json(FILE *out, const struct output_file *files, size_t n, const char *kernel,
		 const struct string_list *notes);

#endif
