/* Which of a run's files the prepared kernel tree's configuration does not build. */
#ifndef GENDISK_LINT_CONFIG_COVERAGE_H
#define GENDISK_LINT_CONFIG_COVERAGE_H

#include "file_result.h"
#include "string_list.h"

struct config_coverage {
	unsigned char *not_built; /* per file: 1 when the configuration does not build it */
	char **why;               /* per file: why not ("CONFIG_FOO is not set"), or NULL */
	size_t n;
};

/*
 * For each parsed file of files (results[i] its result) in the tree at
 * root (real path) prepared in objdir: does the configuration build it
 * (kbuild_config.h)?  Only a file it positively does not build is
 * marked; one the Kbuild files do not tell about counts as built.  All
 * zero when objdir has no configuration.
 */
void config_coverage_init(struct config_coverage *cc, const char *root, const char *objdir,
			  const struct string_list *files, const struct file_result *results);
void config_coverage_free(struct config_coverage *cc);

#endif
