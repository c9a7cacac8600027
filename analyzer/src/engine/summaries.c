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
	s->effects[s->neffects].index_param = -1;
	s->neffects++;
}

/*
 * Return-correlated allocation: per tracked object, is it allocated (by
 * this function) at every "return 0" and as it came in (or no disk) at
 * every error return?  Read from the states at each return statement.
 */
struct return_watch {
	unsigned nobjs;
	unsigned char *ok_alloc;  /* allocated at every zero return seen so far */
	unsigned char *err_clean; /* untouched at every error return */
	unsigned char *ok_added;  /* allocated here and added at every zero return */
	unsigned char *err_dead;  /* nothing live at every error return */
	int zero_returns, error_returns, other_returns;
};

static void watch_returns(const struct lint_event *ev, void *arg)
{
	struct return_watch *w = arg;

	if (ev->kind != EV_RETURN)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		int zero = ev_return_is_zero(ev, c), err = !zero && ev_return_is_error(ev, c);

		if (zero)
			w->zero_returns++;
		else if (err)
			w->error_returns++;
		else
			w->other_returns++;
		for (unsigned i = 0; i < w->nobjs; i++) {
			const struct obj_state *st = ev_obj(ev, c, (int)i);

			if (zero && (!st->alloc_loc.line ||
				     (st->bits & ~(DS_ALLOCATED | DS_UNCHECKED)) || !st->bits))
				w->ok_alloc[i] = 0;
			if (err && (st->bits & ~(DS_NONE | DS_ENTRY)))
				w->err_clean[i] = 0;
			if (zero && (!st->alloc_loc.line || !st->add_loc.line ||
				     st->bits != DS_ADDED))
				w->ok_added[i] = 0;
			if (err && ((st->bits & ~(DS_NONE | DS_ENTRY | DS_PUT)) ||
				    ((st->bits & DS_PUT) && (st->put_from & ~(DS_ADD_FAILED | DS_ALLOCATED | DS_UNCHECKED)))))
				w->err_dead[i] = 0;
		}
	}
}

static void compute(struct summary_table *t, struct function_summary *s,
		    const struct ir_function *fn)
{
	struct fn_analysis fa;
	struct df_set *states;
	const struct df_set *exit_set;
	struct return_watch w = { 0 };

	fn_analysis_init(&fa, fn, t->target, t);
	if (!fa.nobjs) {
		fn_analysis_free(&fa);
		return;
	}
	states = fn_analysis_fixpoint(&fa);
	exit_set = &states[fa.cfg.exit];
	if (!fn->returns_void) {
		w.nobjs = fa.nobjs;
		w.ok_alloc = xcalloc(fa.nobjs, 1);
		w.err_clean = xcalloc(fa.nobjs, 1);
		w.ok_added = xcalloc(fa.nobjs, 1);
		w.err_dead = xcalloc(fa.nobjs, 1);
		memset(w.ok_alloc, 1, fa.nobjs);
		memset(w.err_clean, 1, fa.nobjs);
		memset(w.ok_added, 1, fa.nobjs);
		memset(w.err_dead, 1, fa.nobjs);
		fa.observer = watch_returns;
		fa.observer_arg = &w;
		fn_analysis_report(&fa, states);
		fa.observer = NULL;
	}
	for (unsigned i = 0; i < fa.nobjs; i++) {
		const struct tracked_object *o = &fa.objs[i];
		unsigned effects = 0;

		if (o->param < 0 && o->local_root)
			continue;
		unsigned must_put = 1, must_del = 1, any_change = 0, cleared = 1;

		for (unsigned k = 0; k < exit_set->len; k++) {
			const struct obj_state *st = config_obj(exit_set->items[k], (int)i);
			uint16_t live = (uint16_t)(st->bits & ~DS_NONE);

			/* no disk on this path (the helper tested the field for
			 * NULL): nothing it owes */
			if (st->bits == DS_NONE && !st->cleared)
				continue;
			/* put, then the field set to NULL: the put is kept */
			if (st->bits == DS_NONE && st->cleared)
				any_change = 1;
			else
				cleared = 0;

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
		if (must_put && any_change && cleared && exit_set->len)
			effects |= EFFECT_CLEAR;
		if (must_del && any_change)
			effects |= EFFECT_DEL;
		/* put or deleted on some paths only (refcounted helpers such as
		 * nbd_put): the state after the call is unknown */
		if (any_change && !effects)
			effects = EFFECT_OPAQUE;
		for (unsigned k = 0; k < exit_set->len; k++)
			if (config_obj(exit_set->items[k], (int)i)->alloc_loc.line)
				effects = EFFECT_OPAQUE;
		if (effects == EFFECT_OPAQUE && w.ok_alloc && w.ok_alloc[i] && w.err_clean[i] &&
		    w.zero_returns && w.error_returns && !w.other_returns)
			effects = EFFECT_ALLOC_ON_ZERO;
		if ((effects & EFFECT_ADD) && (effects & (EFFECT_PUT | EFFECT_DEL)))
			effects = EFFECT_OPAQUE;
		/* allocated and added on success, nothing left on failure: an
		 * object of the caller's (a global or a parameter's field), not
		 * the helper's own local */
		if (effects == EFFECT_OPAQUE && w.ok_added && w.ok_added[i] && w.err_dead[i] &&
		    w.zero_returns && w.error_returns && !w.other_returns && !o->local_root)
			effects = EFFECT_ADD_ON_ZERO;
		if (!effects)
			continue;
		if (o->param >= 0)
			add_effect(s, (unsigned)o->param, o->path + strlen(o->root), effects);
		else {
			add_effect(s, SUMMARY_GLOBAL_PARAM, o->path, effects);
			s->effects[s->neffects - 1].index_param = fn_analysis_index_param(&fa, (int)i);
		}
	}
	fn_analysis_free_states(&fa, states);
	fn_analysis_free(&fa);
	free(w.ok_alloc);
	free(w.err_clean);
	free(w.ok_added);
	free(w.err_dead);
}

void summary_table_init(struct summary_table *t, const struct lowered_file *lf,
			const struct lint_target *target)
{
	summary_table_setup(t, lf, target, compute);
}
