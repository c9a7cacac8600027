/* Function summaries: which lifecycle calls a TU helper makes on its parameters. */
#include "summaries.h"

#include "string_list.h"
#include "typestate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void add_effect(struct function_summary *s, unsigned param, const char *suffix,
		       unsigned effects)
{
	s->effects = xrealloc(s->effects, (s->neffects + 1) * sizeof(*s->effects));
	s->effects[s->neffects].param = param;
	s->effects[s->neffects].suffix = xstrdup(suffix);
	s->effects[s->neffects].effects = effects;
	s->neffects++;
}

static void compute(struct summary_table *t, struct function_summary *s,
		    const struct ir_function *fn)
{
	struct fn_analysis fa;
	struct df_set *states;
	const struct df_set *exit_set;

	fn_analysis_init(&fa, fn, t->target, t);
	if (!fa.nobjs) {
		fn_analysis_free(&fa);
		return;
	}
	states = fn_analysis_fixpoint(&fa);
	exit_set = &states[fa.cfg.exit];
	for (unsigned i = 0; i < fa.nobjs; i++) {
		const struct tracked_object *o = &fa.objs[i];
		unsigned effects = 0;

		if (o->param < 0 && o->local_root)
			continue;
		unsigned must_put = 1, must_del = 1, any_change = 0;

		for (unsigned k = 0; k < exit_set->len; k++) {
			const struct obj_state *st = config_obj(exit_set->items[k], (int)i);
			uint16_t live = (uint16_t)(st->bits & ~DS_NONE);

			if (live & ~DS_PUT)
				must_put = 0;
			if (live & ~(DS_PUT | DS_DELETED) || !st->del_loc.line)
				must_del = 0;
			if (st->bits & (DS_PUT | DS_DELETED | DS_ADDED | DS_ADD_PENDING | DS_ADD_FAILED))
				any_change = 1;
			if (st->add_loc.line &&
			    (st->bits & (DS_ADDED | DS_ADD_PENDING | DS_ADD_FAILED)))
				effects |= EFFECT_ADD;
		}
		if (must_put && any_change)
			effects |= EFFECT_PUT;
		if (must_del && any_change)
			effects |= EFFECT_DEL;
		/* put or deleted on some paths only (refcounted helpers such as
		 * nbd_put): the state after the call is unknown */
		if (any_change && !effects)
			effects = EFFECT_OPAQUE;
		for (unsigned k = 0; k < exit_set->len; k++)
			if (config_obj(exit_set->items[k], (int)i)->alloc_loc.line)
				effects = EFFECT_OPAQUE;
		if ((effects & EFFECT_ADD) && (effects & (EFFECT_PUT | EFFECT_DEL)))
			effects = EFFECT_OPAQUE;
		if (!effects)
			continue;
		if (o->param >= 0)
			add_effect(s, (unsigned)o->param, o->path + strlen(o->root), effects);
		else
			add_effect(s, SUMMARY_GLOBAL_PARAM, o->path, effects);
	}
	fn_analysis_free_states(&fa, states);
	fn_analysis_free(&fa);
}

void summary_table_init(struct summary_table *t, const struct lowered_file *lf,
			const struct lint_target *target)
{
	summary_table_setup(t, lf, target, compute);
}
