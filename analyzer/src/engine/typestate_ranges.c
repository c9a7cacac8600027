/*
 * Each-element loops and index ranges in the typestate (array_ranges.h):
 * the ranges a collapsed array element's loops allocate and release, kept
 * in each configuration, the loop recognizer's callbacks, and the
 * range-leak question rules ask.
 */
#include "typestate_internal.h"

#include "summary_table.h"

#include <clang-c/Index.h>
#include <string.h>

/* ------------------------------------------------ loops and index ranges */

static const struct range_sym no_range = { .kind = SYM_NONE, .below = -1, .var = -1 };

void save_ranges(const struct obj_state *o, struct range_facts *r)
{
	r->alloc_hi = o->alloc_hi;
	r->rel_hi = o->rel_hi;
	r->pend = o->pend;
	r->pend_loop = o->pend_loop;
	r->rng_other = o->rng_other;
}

void restore_ranges(struct obj_state *o, const struct range_facts *r)
{
	o->alloc_hi = r->alloc_hi;
	o->rel_hi = r->rel_hi;
	o->pend = r->pend;
	o->pend_loop = r->pend_loop;
	o->rng_other = r->rng_other;
}

/* An element released, escaped or handed over other than by a recognised
 * loop: the released range of the collapsed keys among its aliases is not
 * known. */
void ranges_taint(struct engine *e, int obj)
{
	struct fn_analysis *fa = e->fa;

	if (obj < 0 || !fa->loops.n || array_loop_is_op(&fa->loops, e->call))
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		int g = c->objs[obj].group;

		for (unsigned i = 0; i < fa->nobjs; i++)
			if (c->objs[i].group == g && fa->objs[i].weak)
				c->objs[i].rng_other = 1;
	}
}

static struct range_sym *range_slot(struct obj_state *o, int which)
{
	return which == 0 ? &o->alloc_hi : which == 1 ? &o->rel_hi : &o->pend;
}

/* A loop bound's path (or the variable it starts from) was written: the
 * bound has another value now. */
void ranges_path_written(struct engine *e, const char *path)
{
	struct fn_analysis *fa = e->fa;

	if (!fa->loops.nbounds || !path)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];

		for (unsigned i = 0; i < fa->nobjs; i++)
			for (int w = 0; w < 3; w++) {
				struct range_sym *r = range_slot(&c->objs[i], w);

				if ((r->kind == SYM_BOUND && array_bound_mentions(&fa->loops, r->id, path)) ||
				    (r->kind != SYM_NONE && r->below >= 0 &&
				     array_bound_mentions(&fa->loops, r->below, path)))
					*r = no_range;
			}
		for (unsigned v = 0; v < fa->nvars; v++)
			if (c->vars[v].rel_kind &&
			    array_bound_mentions(&fa->loops, c->vars[v].rel_bound, path))
				c->vars[v].rel_kind = REL_NONE;
	}
}

/* Variable var is written at site: ranges ending at its value end at a
 * snapshot of that value now (at the bound itself when it equals it; known
 * below the bound when it was). */
void ranges_var_written(struct engine *e, int var, const struct ir_node *site)
{
	struct fn_analysis *fa = e->fa;
	int32_t sid = site ? (int32_t)(site->loc.line * 512u + (site->loc.col & 511u)) : 0;

	if (!fa->loops.n || var < 0)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct var_state *vs = &c->vars[var];
		int any = 0;

		for (unsigned i = 0; i < fa->nobjs && !any; i++)
			for (int w = 0; w < 3; w++)
				if (range_slot(&c->objs[i], w)->kind == SYM_VAR &&
				    range_slot(&c->objs[i], w)->id == var)
					any = 1;
		for (unsigned i = 0; any && i < fa->nobjs; i++)
			for (int w = 0; w < 3; w++) {
				struct range_sym *r = range_slot(&c->objs[i], w);

				if (r->kind == SYM_SNAP && r->id == sid) {
					*r = no_range; /* an older snapshot of the same write */
				} else if (r->kind == SYM_VAR && r->id == var) {
					if (vs->rel_kind == REL_EQ) {
						r->kind = SYM_BOUND;
						r->id = vs->rel_bound;
						r->below = -1;
					} else {
						r->kind = SYM_SNAP;
						r->id = sid;
						r->below = vs->rel_kind == REL_LT ? vs->rel_bound : -1;
					}
				}
			}
		vs->rel_kind = REL_NONE;
	}
	ranges_path_written(e, fa->vars[var]);
}

/* The released range grows by [0, r): keep what is known. */
static void merge_released(struct obj_state *o, const struct range_sym *r)
{
	if (r->kind == SYM_NONE) {
		o->rng_other = 1;
		return;
	}
	if (o->rel_hi.kind == SYM_NONE || range_sym_equal(&o->rel_hi, r) ||
	    range_leaks(r, &o->rel_hi) == 1)
		o->rel_hi = *r;
	else if (range_leaks(&o->rel_hi, r) != 1)
		o->rng_other = 1; /* neither is known to cover the other */
}

/* On normal exit the loop has applied its operation to every element:
 * the collapsed key is in the state the operation leaves (what a helper
 * that releases a whole array is summarised by). */
static void loop_release_all(struct obj_state *o, const struct loop_effect *eff,
			     const struct array_loop *l)
{
	uint16_t live = (uint16_t)(o->bits & ~DS_NONE);

	if (o->bits == DS_NONE && o->cleared)
		return;
	if (eff->ops & LOOP_OP_PUT) {
		if (live)
			o->put_from |= live;
		o->bits = DS_PUT;
		o->put_loc = eff->loc;
	} else if (eff->ops & LOOP_OP_DEL) {
		o->bits = (uint16_t)((o->bits & DS_PUT) | DS_DELETED);
		o->del_loc = eff->loc;
	}
	/* a del on some elements only (under an if) is no del of each */
	if (!(eff->ops & LOOP_OP_DEL) && o->del_loc.line >= l->first_line &&
	    o->del_loc.line <= l->last_line)
		o->del_loc = (struct ir_loc){ 0, 0 };
	o->put_elem = o->del_elem = NULL;
}

/* Configurations entering a loop that counts down from its variable's
 * value: the range it will have released is [0, that value + end_off). */
void ranges_block_enter(struct fn_analysis *fa, unsigned blk, struct df_set *cur)
{
	for (unsigned li = 0; li < fa->loops.n; li++) {
		const struct array_loop *l = &fa->loops.loops[li];

		if (l->shape != LOOP_DOWN_ENTRY || l->entry != blk)
			continue;
		for (unsigned k = 0; k < cur->len; k++) {
			struct config *c = cur->items[k];

			for (unsigned x = 0; x < l->neff; x++) {
				int g = c->objs[l->eff[x].obj].group;

				for (unsigned i = 0; i < fa->nobjs; i++) {
					struct obj_state *o = &c->objs[i];

					if (o->group != g || o->pend_loop == (int8_t)(li + 1))
						continue;
					o->pend = (struct range_sym){ .kind = SYM_VAR, .off = l->end_off,
								      .below = -1, .var = (int16_t)l->var,
								      .id = l->var };
					o->pend_loop = (int8_t)(li + 1);
				}
			}
		}
	}
}

static void loop_edge_obj(struct obj_state *o, const struct loop_effect *eff,
			  const struct array_loop *l, int li, int sense)
{
	struct range_sym end = l->end;

	if (sense) {
		/* in the body: [0, i) done when counting up */
		if (l->shape == LOOP_UP && (eff->ops & LOOP_OP_ALLOC))
			o->alloc_hi = (struct range_sym){ .kind = SYM_VAR, .below = -1,
							  .var = (int16_t)l->var, .id = l->var };
		if ((eff->ops & (LOOP_OP_DEL | LOOP_OP_PUT)) && l->shape != LOOP_DOWN_ENTRY)
			o->pend_loop = (int8_t)(li + 1);
		return;
	}
	if (l->shape == LOOP_DOWN_ENTRY)
		end = o->pend_loop == li + 1 ? o->pend : no_range;
	if (eff->ops & LOOP_OP_ALLOC)
		o->alloc_hi = end;
	if (eff->ops & (LOOP_OP_DEL | LOOP_OP_PUT)) {
		merge_released(o, &end);
		loop_release_all(o, eff, l);
	}
	if (o->pend_loop == li + 1 || o->pend_loop < 0)
		o->pend_loop = 0;
	o->pend = no_range;
}

/* The branch of an each-element loop's head: entering the body, or
 * leaving with the whole range done. */
void ranges_edge(struct fn_analysis *fa, const struct ir_node *cond, int sense,
		 struct df_set *cur)
{
	const struct array_loop *l = fa->loops.n ? array_loop_of_cond(&fa->loops, cond) : NULL;
	int li;

	if (!l)
		return;
	li = (int)(l - fa->loops.loops);
	for (unsigned k = 0; k < cur->len; k++) {
		struct config *c = cur->items[k];

		for (unsigned x = 0; x < l->neff; x++) {
			int g = c->objs[l->eff[x].obj].group;

			for (unsigned i = 0; i < fa->nobjs; i++)
				if (c->objs[i].group == g)
					loop_edge_obj(&c->objs[i], &l->eff[x], l, li, sense);
		}
		if (l->shape == LOOP_UP && l->end.kind == SYM_BOUND) {
			c->vars[l->var].rel_kind = (uint8_t)(sense ? REL_LT : REL_EQ);
			c->vars[l->var].rel_bound = (int16_t)l->end.id;
		}
	}
}


/* For the loop recognizer: the each-element operation one statement of a
 * loop body applies to the element indexed by ivar -- an allocation
 * stored in it, del_gendisk()/put_disk() of it, or a summarised helper
 * given it (or given the index, for a global array) that deletes, puts,
 * or allocates it when it returns 0 (ret = helper(i)). */
int loop_op_of(void *ctx, const struct ir_node *stmt, const char *ivar,
	       struct loop_effect *eff)
{
	struct fn_analysis *fa = ctx;
	const struct ir_node *s = ir_strip(stmt), *call = s, *lhs = NULL;
	const struct function_summary *sm;
	const char *api;
	int obj;

	if (s && s->kind == IR_BINARY && s->op == CXBinaryOperator_Assign && s->nkids == 2) {
		lhs = s->kids[0];
		call = ir_strip(s->kids[1]);
	}
	if (!call || call->kind != IR_CALL)
		return 0;
	eff->call = call;
	eff->loc = call->loc;
	if (lhs && alloc_call_of(fa, call)) {
		obj = obj_of(fa, lhs);
		if (obj < 0 || !fa->objs[obj].weak || !array_index_is(lhs, ivar))
			return 0;
		eff->obj = obj;
		eff->ops = LOOP_OP_ALLOC;
		return 1;
	}
	api = ir_api_name(call);
	if (!strcmp(api, "del_gendisk") || !strcmp(api, "put_disk") ||
	    !strcmp(api, "blk_cleanup_disk")) {
		const struct ir_node *a = ir_call_arg(call, 0);

		obj = a ? obj_of(fa, a) : -1;
		if (obj < 0 || !fa->objs[obj].weak || !array_index_is(a, ivar))
			return 0;
		eff->obj = obj;
		eff->ops = api[0] == 'd' ? LOOP_OP_DEL : LOOP_OP_PUT;
		return 1;
	}
	if (!fa->summaries || !call->name || !*call->name)
		return 0;
	sm = summary_for(fa->summaries, call->name);
	for (unsigned i = 0; sm && i < sm->neffects; i++) {
		const struct summary_effect *se = &sm->effects[i];
		char buf[PATH_MAX_LEN];
		unsigned ops = 0;

		if ((se->effects & EFFECT_OPAQUE) ||
		    ((se->effects & EFFECT_ADD) && (se->effects & ~EFFECT_ADD)))
			continue;
		if (se->effects & EFFECT_DEL)
			ops |= LOOP_OP_DEL;
		if (se->effects & EFFECT_PUT)
			ops |= LOOP_OP_PUT;
		if ((se->effects & EFFECT_ALLOC_ON_ZERO) && lhs && var_of(fa, lhs) >= 0)
			ops |= LOOP_OP_ALLOC;
		if (!ops || !summary_target(call, se, buf, sizeof(buf), NULL) ||
		    (obj = find_obj(fa, buf)) < 0 || !fa->objs[obj].weak)
			continue;
		if (se->param == SUMMARY_GLOBAL_PARAM) {
			const struct ir_node *ix = se->index_param >= 0 ?
				ir_call_arg(call, (unsigned)se->index_param) : NULL;

			ix = ir_strip(ix);
			if (!ix || ix->kind != IR_DECLREF || !ix->name || strcmp(ix->name, ivar))
				continue;
		} else if (!array_index_is(ir_call_arg(call, se->param), ivar)) {
			continue;
		}
		eff->obj = obj;
		eff->ops = ops;
		return 1;
	}
	return 0;
}

int loop_var_of(void *ctx, const char *name)
{
	return find_var(ctx, name);
}

int ev_range_leak(const struct lint_event *ev, unsigned config, int obj, char *lo, char *hi,
		  size_t size)
{
	const struct fn_analysis *fa = ev->fa;
	const struct config *c = ev->configs->items[config];
	const struct obj_state *o = &c->objs[obj];
	struct range_sym a = o->alloc_hi, r = o->rel_hi;
	int verdict;

	if (!fa->objs[obj].weak || o->pend_loop || o->rng_other)
		return 0;
	/* a variable's current value, read against the loop bound it is
	 * known to equal or be below */
	for (int w = 0; w < 2; w++) {
		struct range_sym *x = w ? &r : &a;

		if (x->kind != SYM_VAR || x->id < 0 || (unsigned)x->id >= fa->nvars)
			continue;
		if (c->vars[x->id].rel_kind == REL_EQ) {
			x->kind = SYM_BOUND;
			x->id = c->vars[x->id].rel_bound;
		} else if (c->vars[x->id].rel_kind == REL_LT) {
			x->below = c->vars[x->id].rel_bound;
		}
	}
	verdict = range_leaks(&a, &r);
	if (verdict) {
		range_sym_format(&fa->loops, &o->rel_hi, fa->vars, lo, size);
		range_sym_format(&fa->loops, &o->alloc_hi, fa->vars, hi, size);
	}
	return verdict;
}
