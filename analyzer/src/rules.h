/*
 * The rule registry.  Each rule lives in checks/check_<id>.c and defines
 * "const struct rule rule_<id_with_underscores>"; the Makefile generates the
 * list of them (rule_list.h), so a new rule is one new file.
 */
#ifndef GENDISK_LINT_RULES_H
#define GENDISK_LINT_RULES_H

#include "typestate.h"

#include <stddef.h>

struct file_context;

struct rule {
	const char *id;          /* kebab-case, stable */
	const char *severity;    /* "warning" | "error" */
	const char *confidence;  /* "high" | "medium" | "low" */
	const char *summary;     /* one line for --list-rules */
	const char *explain;     /* --explain text: rationale + source, wrong, right, fix */
	void (*on_event)(const struct lint_event *ev);
	/* optional: once per file, for syntax-level rules (file_rules.h) */
	void (*on_file)(const struct file_context *fc);
};

size_t rules_count(void);
const struct rule *rule_at(size_t i);
/* index of the rule with this id, or -1 */
int rule_index(const char *id);

#endif
