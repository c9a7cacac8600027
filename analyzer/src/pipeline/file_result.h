/* What the analysis of one file gives: its status, its findings, its functions. */
#ifndef GENDISK_LINT_FILE_RESULT_H
#define GENDISK_LINT_FILE_RESULT_H

#include "findings.h"
#include "string_list.h"

/*
 * FILE_DEGRADED: analysed, but on a damaged parse (error diagnostics:
 * missing headers, undeclared names ...) or without kernel flags, so
 * findings may be missing or wrong.  FILE_ERROR: not analysed at all.
 */
enum file_status { FILE_OK, FILE_DEGRADED, FILE_ERROR };

#define MAX_MISSING_HEADERS_SHOWN 3

/* Where a function defined in the file starts (its declaration) and ends. */
struct function_extent {
	char *name;
	unsigned first_line, last_line;
};

struct file_result {
	enum file_status status;
	char *message;            /* status detail (JSON "message") */
	char *stderr_note;        /* once-per-file tool note for stderr, or NULL */
	char *header_cache_note;  /* whether the header cache was used, and why (--verbose) */
	char *module_note;        /* the module's other files summarised, or NULL (--verbose) */
	int version_code;
	int prefiltered;          /* not parsed: no trigger token (token_prefilter.h) */
	int timed_out;            /* FILE_ERROR: over --file-timeout, the worker was killed */
	int crashed;              /* FILE_ERROR: the worker died while analysing it */
	char *first_error;        /* the parse's first error diagnostic, or NULL */
	int block_core;           /* not analysed: a file of a kernel tree's block/ */
	unsigned missing_headers; /* "file not found" errors */
	struct string_list first_missing_headers; /* the first few of them, by name */
	unsigned degraded_functions; /* functions with error diagnostics inside */
	char *api_generation_note; /* once-per-file note: calls of another kernel's API */
	struct finding_list findings;
	struct function_extent *functions; /* in source order */
	size_t nfunctions;
};

#endif
