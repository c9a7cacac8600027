/*
 * What a file's result says when it was analysed on a damaged parse or
 * without kernel flags: status FILE_DEGRADED, the JSON message and the
 * once-per-file note on stderr.
 */
#ifndef GENDISK_LINT_DEGRADED_REPORT_H
#define GENDISK_LINT_DEGRADED_REPORT_H

#include "file_result.h"

/*
 * Sets res->status, message and stderr_note from what the parse told:
 * errors (error diagnostics), res->first_error, res->degraded_functions
 * and res->nfunctions; FILE_OK when there were flags and no error.
 */
void degraded_report(struct file_result *res, const char *display, int have_kernel_flags,
		     unsigned errors);

#endif
