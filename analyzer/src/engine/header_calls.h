/* Findings in the driver's own header functions, reported where the file calls them. */
#ifndef GENDISK_LINT_HEADER_CALLS_H
#define GENDISK_LINT_HEADER_CALLS_H

#include "ast_lowering.h"
#include "findings.h"

/*
 * hf is a finding inside callee, a static inline function of one of the
 * driver's own headers (lf->header_funcs).  The header's lines are not the
 * file's, so it is reported at every call of callee in the main file's
 * functions: the message names the header spot and, from hf's first note,
 * the line of the allocation it concerns.
 */
void header_finding_at_calls(const struct lowered_file *lf, const struct ir_function *callee,
			     const struct finding *hf, struct finding_list *findings);

#endif
