/* Analyse every function of one lowered file: summaries first, then the rules. */
#include "ast_lowering.h"
#include "file_rules.h"
#include "summaries.h"
#include "typestate.h"

void analyse_file(const struct lowered_file *lf, const struct lint_target *target,
		  const unsigned char *rule_enabled, struct finding_list *findings)
{
	struct summary_table table;

	summary_table_init(&table, lf, target);
	for (size_t i = 0; i < lf->nfuncs; i++) {
		struct fn_analysis fa;
		struct config_set *states;

		fn_analysis_init(&fa, &lf->funcs[i], target, &table);
		if (fa.nobjs) {
			fa.findings = findings;
			fa.rule_enabled = rule_enabled;
			states = fn_analysis_fixpoint(&fa);
			fn_analysis_report(&fa, states);
			fn_analysis_free_states(&fa, states);
		}
		fn_analysis_free(&fa);
	}
	summary_table_free(&table);
	run_file_rules(lf, target, rule_enabled, findings);
}
