/* Parse one file with libclang and run the analysis on it. */
#ifndef GENDISK_LINT_FRONTEND_H
#define GENDISK_LINT_FRONTEND_H

#include "file_result.h"
#include "string_list.h"

#include <clang-c/Index.h>

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
