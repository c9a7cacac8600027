/*
 * The engine and the rules over one lowered file: every function through
 * the typestate dataflow, the driver headers' static inline functions for
 * the rules that judge them, then the syntax-level rules.
 */
#ifndef GENDISK_LINT_FILE_ANALYSIS_H
#define GENDISK_LINT_FILE_ANALYSIS_H

#include "ast_lowering.h"
#include "findings.h"
#include "kernel_version.h"

#include <stddef.h>

/*
 * module: the lowered other files of the same kernel module that define
 * helpers lf calls (nmodule of them, may be 0): their functions are
 * summarised like lf's own (lf's own win on a name clash), never judged.
 */
void analyse_file(const struct lowered_file *lf, const struct lowered_file *const *module,
		  size_t nmodule, const struct lint_target *target,
		  const unsigned char *rule_enabled, struct finding_list *findings);

#endif
