/*
 * .gendisk-lint: per-tree defaults for gendisk-lint (rules, kernel, excludes,
 * min-confidence, kdir, fail-on-degraded, module-build), read from a
 * "key = value" file.  The format and the lookup are documented in
 * analyzer/README.md ("Configuration file").
 */
#ifndef GENDISK_LINT_LINT_CONFIG_H
#define GENDISK_LINT_LINT_CONFIG_H

#include "string_list.h"

#include <stddef.h>

#define LINT_CONFIG_NAME ".gendisk-lint"

struct lint_config {
	char *path;                /* the file read; NULL = no config */
	char *dir;                 /* its directory, absolute (the excludes' base) */
	int has_rules;             /* a "rules" key was given */
	struct string_list rules;  /* rule ids to run */
	struct string_list disable;
	struct string_list exclude; /* globs (exclude_globs.h) */
	int kernel;                /* version code, 0 = not given */
	int min_confidence;        /* 0 low, 1 medium, 2 high; -1 = not given */
	char *kdir;                /* absolute or relative to the cwd; NULL = not given */
	int fail_on_degraded;      /* "fail-on-degraded = yes": as --fail-on-degraded */
	int no_module_build;       /* "module-build = no": as --no-module-build */
};

/* Reads PATH into CFG (zeroed by the caller).  Returns 0, or -1 with
 * "PATH:LINE: message" (or "PATH: message" if it cannot be read) in err. */
int lint_config_load(const char *path, struct lint_config *cfg, char *err, size_t errlen);
void lint_config_free(struct lint_config *cfg);

#endif
