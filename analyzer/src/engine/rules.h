/*
 * The rule registry.  Each rule lives in checks/check_<id>.c and defines
 * "const struct rule rule_<id_with_underscores>"; the Makefile generates the
 * list of them (rule_list.h), so a new rule is one new file.
 */
#ifndef GENDISK_LINT_RULES_H
#define GENDISK_LINT_RULES_H

#include "string_list.h"

#include <stddef.h>

struct file_context;
struct lint_event;
struct resource_class;

struct rule {
	const char *id;          /* kebab-case, stable */
	const char *severity;    /* "warning" | "error" (a finding may be "info": findings.h) */
	const char *confidence;  /* "high" | "medium" | "low" */
	const char *summary;     /* one line for --list-rules */
	const char *explain;     /* --explain text: rationale + source, wrong, right, fix */
	void (*on_event)(const struct lint_event *ev);
	/*
	 * optional: the resources other than disks the rule judges (a tag
	 * set, a major): which calls acquire and release them
	 * (resource_objects.h).  The engine tracks them with the disks and
	 * tells the rule, through on_event, of an error return reached with
	 * one held (EV_RESOURCE_LEAK).
	 */
	const struct resource_class *resources;
	/* optional: once per file, for syntax-level rules (file_rules.h) */
	void (*on_file)(const struct file_context *fc);
	/*
	 * The token prefilter (token_prefilter.h): adds to out the names of
	 * which at least one must occur in the file, or in a local header it
	 * includes, for the rule to report anything there.  Matched as
	 * substrings of the text, so "add_disk" also stands for
	 * device_add_disk.  NULL: the rule may fire anywhere (every file is
	 * parsed).
	 */
	void (*tokens)(struct string_list *out);
	/*
	 * The rule also judges the static inline functions of the driver's own
	 * headers (a compat wrapper around blk_alloc_disk), reported at their
	 * calls in the main file: for rules about one call's result, not about
	 * a disk's lifecycle, which is the caller's.
	 */
	int in_driver_headers;
};

size_t rules_count(void);
const struct rule *rule_at(size_t i);
/* index of the rule with this id, or -1 */
int rule_index(const char *id);
/*
 * The tokens of the typestate rules: a disk is tracked only when the
 * function allocates, adds, deletes or puts it (directly or through a
 * same-file helper that does), so one of these names is in the file.
 */
void disk_lifecycle_tokens(struct string_list *out);

#endif
