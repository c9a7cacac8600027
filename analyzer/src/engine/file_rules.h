/*
 * Hooks for rules that judge a whole file's syntax rather than a disk's
 * path-sensitive state: struct initializers at file scope (the fops), calls
 * to particular functions, argument shapes.  A rule sets .on_file; it runs
 * once per file after the dataflow rules, whether or not a disk is tracked.
 */
#ifndef GENDISK_LINT_FILE_RULES_H
#define GENDISK_LINT_FILE_RULES_H

#include "ast_lowering.h"
#include "findings.h"

struct lint_target;
struct module_facts;

struct file_context {
	const struct lowered_file *lf;
	const struct lint_target *target;
	struct finding_list *findings;
	const char *rule_id; /* the rule being run */
	struct module_facts *facts; /* the module's fact base (module_facts.h) */
};

/* Report for the running rule; function may be NULL (file scope).
 * Returns NULL if already reported at loc. */
struct finding *file_report(const struct file_context *fc, struct ir_loc loc,
			    const char *function, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Pre-order walk of a node and its children; visit returns 0 to skip the kids. */
typedef int (*ir_visit_fn)(const struct ir_node *n, void *data);
void ir_walk(const struct ir_node *n, ir_visit_fn visit, void *data);

/* The access path of an expression as written (disk, dev->disk,
 * host->disks[] with indexes collapsed) into buf; 0 if it is no path. */
int ir_path_text(const struct ir_node *n, char *buf, size_t len);

/* The field .name of a file-scope initializer, or NULL. */
const struct ir_field_init *ir_global_field(const struct ir_global *g, const char *name);

/* Run every enabled rule's on_file hook. */
void run_file_rules(const struct lowered_file *lf, struct module_facts *facts,
		    const struct lint_target *target, const unsigned char *rule_enabled,
		    struct finding_list *findings);

#endif
