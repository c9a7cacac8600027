/*
 * Inline suppressions:  / * gendisk-lint: ignore[rule-id] reason * /  or
 * // gendisk-lint: ignore[rule-a,rule-b] reason  on the finding's line or
 * the line before.  A suppression without a reason still suppresses but is
 * itself reported (suppression-without-reason); suppressions that match no
 * finding are reported as unused-suppression when asked.
 */
#ifndef GENDISK_LINT_SUPPRESSIONS_H
#define GENDISK_LINT_SUPPRESSIONS_H

#include "findings.h"
#include "rules.h"
#include "source_text.h"

#include <stddef.h>

#define RULE_SUPPRESSION_WITHOUT_REASON "suppression-without-reason"
#define RULE_UNUSED_SUPPRESSION "unused-suppression"

/*
 * Removes the suppressed findings of one file, adds the findings about the
 * suppressions themselves, and sorts the list again.  rule_enabled: per
 * registry rule (a suppression of a disabled rule is never "unused").
 */
void suppressions_apply(struct finding_list *list, const struct source_text *src,
			const unsigned char *rule_enabled, int report_unused);

/* The rules reported by this module (for SARIF metadata and --explain). */
size_t suppression_rules_count(void);
const struct rule *suppression_rule_at(size_t i);
const struct rule *suppression_rule_find(const char *id);

#endif
