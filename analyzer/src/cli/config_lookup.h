/*
 * Which .gendisk-lint applies to a run: walking up from each input to the
 * first directory holding one, stopping at a repository root (a directory
 * holding .git) or the filesystem root; then applying it to the rule
 * selection and to the list of files (excludes).
 */
#ifndef GENDISK_LINT_CONFIG_LOOKUP_H
#define GENDISK_LINT_CONFIG_LOOKUP_H

#include "lint_config.h"
#include "string_list.h"

#include <stddef.h>

struct config_choice {
	const char *explicit_path; /* --config FILE, or NULL */
	int disabled;              /* --no-config */
};

/*
 * Fills CFG (zeroed by the caller) for this run: the --config file, or the
 * one found from INPUTS (from the directory of COMPDB when there are no
 * inputs), or nothing.  Every input must find the same file (or all none).
 * Returns 0, or -1 with a message in err (unreadable/invalid config,
 * inputs under different configs).
 */
int config_for_run(const struct config_choice *choice, const struct string_list *inputs,
		   const char *compdb, struct lint_config *cfg, char *err, size_t errlen);

/*
 * The config's rule selection, on top of what the command line decided:
 * none of it when the command line named rules (--rule), and
 * "min-confidence" only when it gave no --min-confidence.
 */
void config_apply_rules(const struct lint_config *cfg, unsigned char *rule_enabled,
			int cli_gave_rules, int cli_gave_min_confidence);

/* Removes from FILES (keeping the order) those the config's excludes match;
 * returns how many were removed. */
size_t config_drop_excluded(const struct lint_config *cfg, struct string_list *files);

#endif
