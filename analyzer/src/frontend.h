/* Parse one file with libclang and run the analysis on it. */
#ifndef GENDISK_LINT_FRONTEND_H
#define GENDISK_LINT_FRONTEND_H

#include "findings.h"
#include "string_list.h"

#include <clang-c/Index.h>

/*
 * FILE_DEGRADED: analysed, but on a damaged parse (error diagnostics:
 * missing headers, undeclared names ...) or without kernel flags, so
 * findings may be missing or wrong.  FILE_ERROR: not analysed at all.
 */
enum file_status { FILE_OK, FILE_DEGRADED, FILE_ERROR };

#define MAX_MISSING_HEADERS_SHOWN 3

struct file_job {
	const char *path;         /* to open */
	const char *display;      /* to print */
	const struct string_list *flags; /* clang flags (translated), may be empty */
	int have_kernel_flags;
	int add_kbuild_names;     /* add KBUILD_BASENAME/KBUILD_MODNAME for this file */
	const struct string_list *extra; /* after "--" on the command line */
	const char *contents;     /* parse this text as path's contents (NULL: read path) */
	size_t contents_len;
};

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

struct header_cache;

struct analysis_settings {
	int kernel_override;             /* --kernel code, 0 = from headers */
	const unsigned char *rule_enabled;
	struct header_cache *header_cache; /* NULL: --no-header-cache */
	const struct string_list *prefilter_tokens; /* NULL: every file is parsed */
	int include_block_core;          /* --include-block-core: analyse block/ files too */
};

void analyse_one(CXIndex index, const struct file_job *job, const struct analysis_settings *set,
		 struct file_result *res);
void file_result_free(struct file_result *res);

#endif
