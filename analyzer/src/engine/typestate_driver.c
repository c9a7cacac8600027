/*
 * The typestate dataflow engine (see typestate.h for the model): the
 * per-function driver -- prescan, CFG, the dataflow domain, the fixpoint
 * and the reporting replay.
 */
#include "typestate_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- blocks */

static void run_block(struct engine *e, const struct cfg_block *blk)
{
	for (unsigned i = 0; i < blk->nitems && e->cur.len; i++) {
		const struct cfg_item *it = &blk->items[i];

		if (it->kind == CFG_EVAL) {
			eval(e, it->node, it->node == blk->cond);
			continue;
		}
		/* return */
		if (it->node && it->node->nkids)
			eval(e, it->node->kids[0], 1);
		if (e->fa->reporting) {
			struct lint_event ev = { .kind = EV_RETURN, .obj = -1, .loc = it->loc,
						 .ret_value = it->node && it->node->nkids ?
							      it->node->kids[0] : NULL };
			emit(e, &ev);
			report_resource_leaks(e, ev.ret_value, it->loc);
		}
	}
	if (blk->term == CFG_TERM_BRANCH && e->fa->reporting && e->cur.len) {
		enum check_kind kind;
		int obj = check_of(e->fa, blk->cond, &kind);

		if (obj >= 0) {
			struct lint_event ev = { .kind = EV_ALLOC_CHECK, .obj = obj,
						 .loc = blk->cond_loc, .check = kind,
						 .root_cond = blk->root_cond };

			ev.path = e->fa->objs[obj].path;
			emit(e, &ev);
		}
	}
}

void fn_analysis_init(struct fn_analysis *fa, const struct ir_function *fn,
		      const struct lint_target *target, struct summary_table *summaries)
{
	memset(fa, 0, sizeof(*fa));
	fa->fn = fn;
	fa->target = target;
	fa->summaries = summaries;
	prescan(fa);
	if (fa->nobjs) {
		cfg_build(fn, &fa->cfg);
		array_loops_find(&fa->loops, fn, &fa->cfg, loop_op_of, loop_var_of, fa);
	}
}

int fn_analysis_tracks(const struct fn_analysis *fa)
{
	return fa->nobjs || fa->resources.n;
}

static void block_transfer(void *ctx, const struct cfg_block *blk, struct df_set *cur)
{
	struct fn_analysis *fa = ctx;
	struct engine e = { .fa = fa, .cur = *cur };

	if (fa->loops.n)
		ranges_block_enter(fa, (unsigned)(blk - fa->cfg.blocks), cur);
	run_block(&e, blk);
	*cur = e.cur;
}

static void edge_refine(void *ctx, const struct ir_node *cond, int sense, struct df_set *cur)
{
	struct engine e = { .fa = ctx, .cur = *cur };

	refine(&e, cond, sense);
	*cur = e.cur;
	ranges_edge(ctx, cond, sense, cur);
}

static struct df_domain domain_of(struct fn_analysis *fa)
{
	return (struct df_domain){
		.ctx = fa,
		.copy = config_copy_cb,
		.fold = config_fold,
		.collapse = set_collapse,
		.transfer = block_transfer,
		.refine = edge_refine,
		.max_configs = MAX_CONFIGS,
		.over_bound = fa->resources.n ? set_over_bound : NULL,
		.max_visits = MAX_BLOCK_VISITS,
	};
}

struct df_set *fn_analysis_fixpoint(struct fn_analysis *fa)
{
	struct df_domain d = domain_of(fa);

	return df_fixpoint(&d, &fa->cfg, entry_config(fa));
}

void fn_analysis_report(struct fn_analysis *fa, struct df_set *states)
{
	struct df_domain d = domain_of(fa);

	fa->reporting = 1;
	df_replay(&d, &fa->cfg, states);
	fa->reporting = 0;
}

void fn_analysis_free_states(struct fn_analysis *fa, struct df_set *states)
{
	df_states_free(&fa->cfg, states);
}

void fn_analysis_free(struct fn_analysis *fa)
{
	for (unsigned i = 0; i < fa->nobjs; i++) {
		free((char *)fa->objs[i].path);
		free((char *)fa->objs[i].root);
	}
	free(fa->objs);
	free(fa->vars);
	free(fa->wrap_calls);
	free(fa->wrap_conv);
	free(fa->res_vars);
	if (fn_analysis_tracks(fa))
		cfg_free(&fa->cfg);
	resource_table_free(&fa->resources);
	array_loops_free(&fa->loops);
	memset(fa, 0, sizeof(*fa));
}
