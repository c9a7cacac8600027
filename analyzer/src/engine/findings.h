/* Findings of one file: collected by the rules, sorted, printed by the output writers. */
#ifndef GENDISK_LINT_FINDINGS_H
#define GENDISK_LINT_FINDINGS_H

#include "ir.h"

#include <stddef.h>

struct finding_note {
	struct ir_loc loc;
	char *message;
};

struct finding {
	const char *rule_id;
	const char *severity;
	const char *confidence;
	struct ir_loc loc;
	char *function;
	char *message;
	struct finding_note *notes;
	unsigned nnotes;
};

struct finding_list {
	struct finding *items;
	size_t len, cap;
};

/* The severities a finding has: "error", "warning" (most rules) or "info"
 * (a harmless finding a rule tells apart, alloc-wrong-check's dead NULL
 * test); the interned string for a name, or NULL for another. */
const char *finding_severity(const char *name);

/* A new finding, or NULL if this rule already reported at loc. */
struct finding *finding_add(struct finding_list *list, const char *rule_id, const char *severity,
			    const char *confidence, struct ir_loc loc, const char *function,
			    char *message /* owned */);
void finding_add_note(struct finding *f, struct ir_loc loc, char *message /* owned */);
/* Order by line, column, rule id. */
void finding_list_sort(struct finding_list *list);
void finding_list_free(struct finding_list *list);

#endif
