/* Writers for the findings: GCC-style text and the JSON document. */
#ifndef GENDISK_LINT_OUTPUT_H
#define GENDISK_LINT_OUTPUT_H

#include "frontend.h"

#include <stdio.h>

struct output_file {
	const char *display;
	const struct file_result *result;
};

void output_text(FILE *out, const struct output_file *files, size_t n);
/* kernel: the version to print ("" = unknown, printed as null) */
void output_json(FILE *out, const struct output_file *files, size_t n, const char *kernel);

#endif
