/* Writers for CI systems: SARIF 2.1.0 (code scanning) and GitHub workflow commands. */
#ifndef GENDISK_LINT_OUTPUT_CI_H
#define GENDISK_LINT_OUTPUT_CI_H

#include "output.h"

/*
 * fps[i][k]: the fingerprint of finding k of file i (fingerprint.h);
 * kernel, notes: as for output_json (SARIF: the run's properties; GitHub:
 * ::notice lines first).
 */
void output_sarif(FILE *out, const struct output_file *files, size_t n, char **const *fps,
		  const char *kernel, const struct string_list *notes);
void output_github(FILE *out, const struct output_file *files, size_t n,
		   const struct string_list *notes);

#endif
