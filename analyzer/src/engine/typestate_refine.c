/*
 * Branch refinement in the typestate: a condition's two edges narrow the
 * disks' states, the integers' value sets and the resources, and drop
 * the configurations where the branch cannot be taken.
 */
#include "typestate_internal.h"

#include "value_sets.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- refinement */

static uint16_t refine_nullness(uint16_t bits, int nonnull)
{
	uint16_t out;

	if (nonnull) {
		out = (uint16_t)(bits & ~DS_NONE);
		if (out & DS_UNCHECKED)
			out = (uint16_t)((out & ~DS_UNCHECKED) | DS_ALLOCATED);
	} else {
		out = (uint16_t)(bits & (DS_NONE | DS_PUT));
		if (bits & (DS_UNCHECKED | DS_ENTRY))
			out |= DS_NONE;
	}
	return out;
}

/* IS_ERR / IS_ERR_OR_NULL: on the error branch the disk does not exist. */
static uint16_t refine_error(uint16_t bits, int is_error)
{
	uint16_t out;

	if (is_error) {
		out = (uint16_t)(bits & (DS_NONE | DS_PUT));
		if (bits & (DS_UNCHECKED | DS_ENTRY))
			out |= DS_NONE;
	} else {
		out = (uint16_t)(bits & ~DS_NONE);
		if (out & DS_UNCHECKED)
			out = (uint16_t)((out & ~DS_UNCHECKED) | DS_ALLOCATED);
	}
	return out;
}

static uint16_t refine_add_result(uint16_t bits, unsigned result_bits)
{
	if (!(bits & DS_ADD_PENDING))
		return bits;
	if (result_bits == VAL_ZERO)
		return (uint16_t)((bits & ~DS_ADD_PENDING) | DS_ADDED);
	if (!(result_bits & VAL_ZERO))
		return (uint16_t)((bits & ~DS_ADD_PENDING) | DS_ADD_FAILED);
	return bits;
}

struct refine_arg {
	uint16_t (*fn)(uint16_t bits, int flag);
	int flag;
	unsigned result_bits;
	int empty;
	struct ir_loc loc; /* the test (refine_error) */
};

static void refine_group_member(struct obj_state *o, const void *arg)
{
	struct refine_arg *ra = (struct refine_arg *)arg;

	/* the failure branch of IS_ERR() on a fresh allocation: every path
	 * of the group still holds the ERR_PTR until something is stored
	 * over it (assign_object() clears the state) */
	if (ra->fn == refine_error && ra->flag && (o->bits & DS_UNCHECKED) &&
	    o->conv != ALLOC_RETURNS_NULL && !o->errptr) {
		o->errptr = 1;
		o->err_loc = ra->loc;
	}
	if (!ra->fn && o->add_self_cleans && (o->bits & DS_ADD_PENDING) &&
	    !(ra->result_bits & VAL_ZERO)) {
		/* the helper's own failure path put or never made the disk;
		 * another element of a collapsed array stays added */
		o->bits = (uint16_t)((o->bits & ~DS_ADD_PENDING) |
				     (o->add_self_cleans == 2 ? DS_ADDED : DS_NONE));
		o->add_self_cleans = o->add_self_cleans == 2 ? 3 : 0;
		return;
	}
	if (!ra->fn && (o->bits & DS_ADD_PENDING) && ra->result_bits == VAL_ZERO &&
	    o->add_self_cleans)
		o->add_self_cleans = 3;
	o->bits = ra->fn ? ra->fn(o->bits, ra->flag) : refine_add_result(o->bits, ra->result_bits);
	/* not for a helper's add: the init rule judges add_disk() calls
	 * (fail-after-add, init_failed_after_live()) */
	if (!ra->fn && (o->bits & DS_ADDED) && ra->result_bits == VAL_ZERO && !o->add_self_cleans)
		o->added_once = 1;
	if (!o->bits)
		ra->empty = 1;
}

/* "i-- > 0", "while (n--)": the test is on the value before the step,
 * the variable already holds the one after it (step_var).  Keep the
 * configurations where some old value in mask leads to a new value the
 * variable may have, and only those new values. */
static void refine_stepped(struct engine *e, const struct ir_node *s, unsigned mask)
{
	int var = var_of(e->fa, s->kids[0]);
	int dec = s->op == CXUnaryOperator_PostDec;
	unsigned kept = 0;

	if (var < 0)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		unsigned b = c->vars[var].bits, old = c->vars[var].prev_bits, out = 0;

		/* the old values each new value may come from, among those the
		 * variable held before the step */
		if (old && !(old & mask)) {
			free(c);
			continue;
		}
		if (dec) {
			if ((b & VAL_NEG) && (mask & (VAL_NEG | VAL_ZERO)))
				out |= VAL_NEG;
			if ((b & VAL_ZERO) && (mask & VAL_POS))
				out |= VAL_ZERO;
			if ((b & VAL_POS) && (mask & VAL_POS))
				out |= VAL_POS;
		} else {
			if ((b & VAL_POS) && (mask & (VAL_POS | VAL_ZERO)))
				out |= VAL_POS;
			if ((b & VAL_ZERO) && (mask & VAL_NEG))
				out |= VAL_ZERO;
			if ((b & VAL_NEG) && (mask & VAL_NEG))
				out |= VAL_NEG;
		}
		if (out) {
			c->vars[var].bits = (uint8_t)out;
			e->cur.items[kept++] = c;
		} else {
			free(c);
		}
	}
	e->cur.len = kept;
}

/* Refine every configuration on "subject has a value in mask"; drop the
 * configurations where that is impossible. */
static void refine_subject(struct engine *e, const struct ir_node *subject, unsigned mask)
{
	struct fn_analysis *fa = e->fa;
	const struct ir_node *s = ir_strip(subject);
	int obj, var, add_obj_idx = -1;
	unsigned kept = 0;

	if (!s)
		return;
	if (s->kind == IR_BINARY && s->op == CXBinaryOperator_Assign && s->nkids == 2)
		s = ir_strip(s->kids[0]);
	if (s->kind == IR_UNARY && s->nkids == 1 &&
	    (s->op == CXUnaryOperator_PostDec || s->op == CXUnaryOperator_PostInc)) {
		refine_stepped(e, s, mask);
		return;
	}
	if (s->kind == IR_CALL)
		resource_refine_subject(e, s, mask);
	/* if (helper(dev)) goto err; where the helper allocates the disk
	 * when it returns 0: on the zero edge the disk is the helper's.  Only
	 * under an owner rooted at a local of the function (dev = kzalloc()):
	 * an owner the caller passed in may be torn down by another path
	 * (a stop that queues the owner's teardown) */
	if (s->kind == IR_CALL && mask == VAL_ZERO && (obj = alloc_result_obj(fa, s)) >= 0 &&
	    fa->objs[obj].local_root) {
		for (unsigned k = 0; k < e->cur.len; k++)
			helper_allocated(fa, e->cur.items[k], obj, s);
		return;
	}
	obj = obj_of(fa, s);
	var = obj < 0 ? var_of(fa, s) : -1;
	if (obj < 0 && var < 0 && s->kind == IR_CALL)
		add_obj_idx = add_result_obj(fa, s);
	if (obj < 0 && var < 0 && add_obj_idx < 0) {
		if (s->kind == IR_INTLIT && (s->flags & IRF_HAS_VALUE)) {
			unsigned vb = s->value == 0 ? VAL_ZERO : s->value < 0 ? VAL_NEG : VAL_POS;

			if (!(vb & mask))
				df_set_clear(&e->cur);
		}
		return;
	}
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		int feasible = 1;

		if (obj >= 0) {
			/* a pointer compared with 0: non-null unless mask is only zero */
			struct refine_arg ra = { .fn = refine_nullness, .flag = mask != VAL_ZERO };

			if (mask == VAL_ANY)
				goto keep;
			for_group(fa, c, obj, refine_group_member, &ra);
			feasible = !ra.empty;
		} else if (var >= 0) {
			struct var_state *vs = &c->vars[var];

			vs->bits = (uint8_t)(vs->bits & mask);
			if (!vs->bits) {
				feasible = 0;
			} else if (vs->link >= 0 && vs->link_kind == LINK_ADD_RESULT) {
				struct refine_arg ra = { .result_bits = vs->bits };

				for_group(fa, c, vs->link, refine_group_member, &ra);
				feasible = !ra.empty;
			} else if (vs->link >= 0 && vs->link_kind == LINK_ACQUIRE_RESULT) {
				resource_resolve(c->res, vs->link, vs->link_success, vs->bits);
			} else if (vs->link >= 0 && vs->link_kind == LINK_ALLOC_ERROR &&
				   (vs->bits == VAL_ZERO || !(vs->bits & VAL_ZERO))) {
				struct refine_arg ra = { .fn = refine_error,
							 .flag = vs->bits != VAL_ZERO,
							 .loc = s->loc };

				for_group(fa, c, vs->link, refine_group_member, &ra);
				feasible = !ra.empty;
			}
		} else {
			unsigned rb = (VAL_ZERO | VAL_NEG) & mask;
			struct refine_arg ra = { .result_bits = rb };

			if (!rb)
				feasible = 0;
			else
				for_group(fa, c, add_obj_idx, refine_group_member, &ra);
			feasible = feasible && !ra.empty;
		}
keep:
		if (feasible)
			e->cur.items[kept++] = c;
		else
			free(c);
	}
	e->cur.len = kept;
}

/* A failure check on a tracked disk, for EV_ALLOC_CHECK; -1 if none. */
int check_of(struct fn_analysis *fa, const struct ir_node *c, enum check_kind *kind)
{
	c = ir_strip(c);
	if (!c)
		return -1;
	if (c->kind == IR_CALL) {
		const char *name = ir_api_name(c);

		if ((strcmp(name, "IS_ERR") == 0 || strcmp(name, "IS_ERR_OR_NULL") == 0) &&
		    ir_call_arg(c, 0)) {
			*kind = name[6] ? CHECK_IS_ERR_OR_NULL : CHECK_IS_ERR;
			return obj_of(fa, ir_call_arg(c, 0));
		}
		return -1;
	}
	if (c->kind == IR_BINARY && c->nkids == 2 &&
	    (c->op == CXBinaryOperator_EQ || c->op == CXBinaryOperator_NE)) {
		if (value_zero_literal(c->kids[1]) || value_zero_literal(c->kids[0])) {
			*kind = CHECK_NULL;
			return obj_of(fa, value_zero_literal(c->kids[1]) ? c->kids[0] : c->kids[1]);
		}
		return -1;
	}
	if (c->kind == IR_BINARY && c->op == CXBinaryOperator_Assign && c->nkids == 2) {
		*kind = CHECK_NULL;
		return obj_of(fa, c->kids[0]);
	}
	*kind = CHECK_NULL;
	return obj_of(fa, c);
}

/* Refine the current set for the branch where cond is `sense`. */
void refine(struct engine *e, const struct ir_node *cond, int sense)
{
	struct fn_analysis *fa = e->fa;
	const struct ir_node *c = ir_strip(cond);

	if (!c)
		return;
	if (!sense)
		resource_guard(e, c);
	if (c->kind == IR_CALL) {
		const char *name = ir_api_name(c);

		if ((strcmp(name, "IS_ERR") == 0 || strcmp(name, "IS_ERR_OR_NULL") == 0) &&
		    ir_call_arg(c, 0)) {
			int obj = obj_of(fa, ir_call_arg(c, 0));
			unsigned kept = 0;

			if (obj < 0)
				return;
			for (unsigned k = 0; k < e->cur.len; k++) {
				struct config *cf = e->cur.items[k];
				struct refine_arg ra = { .fn = refine_error, .flag = sense,
							 .loc = c->loc };

				for_group(fa, cf, obj, refine_group_member, &ra);
				if (ra.empty)
					free(cf);
				else
					e->cur.items[kept++] = cf;
			}
			e->cur.len = kept;
			return;
		}
		if (fa->resources.n || add_result_obj(fa, c) >= 0 || alloc_result_obj(fa, c) >= 0)
			refine_subject(e, c, sense ? (VAL_NEG | VAL_POS) : VAL_ZERO);
		return;
	}
	if (c->kind == IR_BINARY && c->nkids == 2 && c->op >= CXBinaryOperator_LT &&
	    c->op <= CXBinaryOperator_NE) {
		if (value_zero_literal(c->kids[1]))
			refine_subject(e, c->kids[0], value_relation_mask(c->op, sense, 0));
		else if (value_zero_literal(c->kids[0]))
			refine_subject(e, c->kids[1], value_relation_mask(c->op, sense, 1));
		return;
	}
	refine_subject(e, c, sense ? (VAL_NEG | VAL_POS) : VAL_ZERO);
}
