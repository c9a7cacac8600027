/* Analyse every function of one lowered file: summaries first, then the rules. */
#include "file_analysis.h"

#include "ast_lowering.h"
#include "block_layer_code.h"
#include "file_rules.h"
#include "header_calls.h"
#include "module_facts.h"
#include "summaries.h"
#include "teardown_pairs.h"
#include "rules.h"
#include "string_list.h"
#include "typestate.h"

#include <stdlib.h>
#include <string.h>

/*
 * The static inline functions of the driver's own headers: a use of an
 * unchecked allocation there, or the wrong failure test (a compat wrapper
 * around blk_alloc_disk) is the driver's bug.  Only the rules that say so
 * (rule.in_driver_headers) look at them here (queue-assign, a file rule,
 * does too): the lifecycle of a disk is the caller's, and summaries stay
 * the main file's.
 */

static void analyse_header_functions(const struct lowered_file *lf,
				     const struct lint_target *target,
				     const unsigned char *rule_enabled,
				     struct finding_list *findings)
{
	unsigned char *only;
	int any = 0;

	if (!lf->nheader_funcs)
		return;
	only = xcalloc(rules_count(), 1);
	for (size_t ri = 0; ri < rules_count(); ri++)
		if (rule_at(ri)->in_driver_headers && rule_enabled[ri])
			only[ri] = any = 1;
	if (!any) {
		free(only);
		return;
	}
	for (size_t h = 0; h < lf->nheader_funcs; h++) {
		const struct ir_function *fn = &lf->header_funcs[h];
		struct finding_list local = { 0 };
		struct fn_analysis fa;
		struct df_set *states;

		fn_analysis_init(&fa, fn, target, NULL);
		if (fa.nobjs) {
			fa.findings = &local;
			fa.rule_enabled = only;
			states = fn_analysis_fixpoint(&fa);
			fn_analysis_report(&fa, states);
			fn_analysis_free_states(&fa, states);
		}
		fn_analysis_free(&fa);
		for (size_t k = 0; k < local.len; k++)
			header_finding_at_calls(lf, fn, &local.items[k], findings);
		finding_list_free(&local);
	}
	free(only);
}

/*
 * The functions the rules judge: not those whose own name is a lifecycle
 * API function (a definition of add_disk() or set_capacity_and_notify()
 * implements the API; its body is not a driver's use of it).  They still
 * count for the summaries of their callers.
 */
static void judged_functions(const struct lowered_file *lf, struct lowered_file *view)
{
	*view = *lf;
	view->funcs = xcalloc(lf->nfuncs ? lf->nfuncs : 1, sizeof(*view->funcs));
	view->nfuncs = 0;
	for (size_t i = 0; i < lf->nfuncs; i++)
		if (!implements_block_api(lf->funcs[i].name))
			view->funcs[view->nfuncs++] = lf->funcs[i];
}

void analyse_file(const struct lowered_file *lf, const struct lowered_file *const *module,
		  size_t nmodule, const struct lint_target *target,
		  const unsigned char *rule_enabled, struct finding_list *findings)
{
	struct summary_table table;
	struct lowered_file judged;
	struct module_facts facts;
	struct resource_classes classes;

	judged_functions(lf, &judged);
	/* the summaries see the module's function table: lf's functions,
	 * then those of its other files (a name lf defines is lf's) */
	module_facts_init(&facts, lf, module, nmodule);
	summary_table_init(&table, &facts.all, target);
	table.facts = &facts;
	resource_classes_init(&classes, &judged, rule_enabled);
	for (size_t i = 0; i < judged.nfuncs; i++) {
		struct fn_analysis fa;
		struct df_set *states;

		fn_analysis_init(&fa, &judged.funcs[i], target, &table);
		fn_analysis_track_resources(&fa, &classes);
		if (fn_analysis_tracks(&fa)) {
			fa.findings = findings;
			fa.rule_enabled = rule_enabled;
			states = fn_analysis_fixpoint(&fa);
			fn_analysis_report(&fa, states);
			fn_analysis_free_states(&fa, states);
		}
		fn_analysis_free(&fa);
	}
	resource_classes_free(&classes);
	teardown_facts_free(&table);
	summary_table_free(&table);
	analyse_header_functions(lf, target, rule_enabled, findings);
	run_file_rules(&judged, &facts, target, rule_enabled, findings);
	module_facts_free(&facts);
	free(judged.funcs);
}
