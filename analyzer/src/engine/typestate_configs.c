/*
 * The typestate's configurations (typestate.h): making, copying and
 * comparing them, the dataflow domain's fold and collapse (the bounded
 * join), and the bound on configurations per program point.
 */
#include "typestate_internal.h"

#include "kernel_version.h"
#include "string_list.h"
#include "value_sets.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- configs */

static struct config *config_new(const struct fn_analysis *fa)
{
	size_t size = sizeof(struct config) + fa->nobjs * sizeof(struct obj_state) +
		      fa->nvars * sizeof(struct var_state) + fa->resources.n;
	struct config *c = xcalloc(1, size);

	c->objs = (struct obj_state *)(c + 1);
	c->vars = (struct var_state *)(c->objs + fa->nobjs);
	c->res = (uint8_t *)(c->vars + fa->nvars);
	return c;
}

struct config *config_copy(const struct fn_analysis *fa, const struct config *src)
{
	struct config *c = config_new(fa);

	memcpy(c->objs, src->objs, fa->nobjs * sizeof(*c->objs));
	memcpy(c->vars, src->vars, fa->nvars * sizeof(*c->vars));
	memcpy(c->res, src->res, fa->resources.n);
	return c;
}

const struct obj_state *config_obj(const struct config *c, int obj)
{
	return &c->objs[obj];
}

/* The same index ranges of a collapsed array element (array_ranges.h). */
static int same_ranges(const struct obj_state *x, const struct obj_state *y)
{
	return range_sym_equal(&x->alloc_hi, &y->alloc_hi) &&
	       range_sym_equal(&x->rel_hi, &y->rel_hi) && range_sym_equal(&x->pend, &y->pend) &&
	       x->pend_loop == y->pend_loop && x->rng_other == y->rng_other;
}

static int same_abstract_state(const struct fn_analysis *fa, const struct config *a,
			       const struct config *b)
{
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const struct obj_state *x = &a->objs[i], *y = &b->objs[i];

		if (x->bits != y->bits || x->escaped != y->escaped || x->group != y->group ||
		    x->conv != y->conv || x->added_once != y->added_once || x->cleared != y->cleared ||
		    x->errptr != y->errptr)
			return 0;
		if (!same_ranges(x, y))
			return 0;
	}
	for (unsigned i = 0; i < fa->nvars; i++) {
		const struct var_state *x = &a->vars[i], *y = &b->vars[i];

		if (x->bits != y->bits || x->link != y->link || x->link_kind != y->link_kind ||
		    (x->link_kind == LINK_ACQUIRE_RESULT && x->link_success != y->link_success) ||
		    x->rel_kind != y->rel_kind || (x->rel_kind && x->rel_bound != y->rel_bound))
			return 0;
	}
	return memcmp(a->res, b->res, fa->resources.n) == 0;
}

static int loc_less(struct ir_loc a, struct ir_loc b)
{
	if (b.line == 0)
		return 0;
	if (a.line == 0)
		return 1;
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* Merge provenance of src into dst (earliest location wins: deterministic). */
static int merge_locs(struct obj_state *dst, const struct obj_state *src)
{
	int changed = 0;

#define MERGE_LOC(f)                                         \
	do {                                                 \
		if (loc_less(src->f, dst->f) && src->f.line) { \
			dst->f = src->f;                     \
			changed = 1;                         \
		}                                            \
	} while (0)
	MERGE_LOC(alloc_loc);
	MERGE_LOC(add_loc);
	MERGE_LOC(put_loc);
	MERGE_LOC(del_loc);
	MERGE_LOC(check_loc);
	MERGE_LOC(err_loc);
#undef MERGE_LOC
	if ((dst->put_from | src->put_from) != dst->put_from) {
		dst->put_from |= src->put_from;
		changed = 1;
	}
	if (!dst->alloc_fn && src->alloc_fn) {
		dst->alloc_fn = src->alloc_fn;
		changed = 1;
	}
	/* paths that reached different elements (or none) last: unknown */
	if (dst->del_elem && !same_element(dst->del_elem, src->del_elem)) {
		dst->del_elem = NULL;
		changed = 1;
	}
	if (dst->put_elem && !same_element(dst->put_elem, src->put_elem)) {
		dst->put_elem = NULL;
		changed = 1;
	}
	return changed;
}

/* Index ranges that differ between joined paths are not known. */
static void ranges_collapse(struct obj_state *d, const struct obj_state *o)
{
	static const struct range_sym none = { .kind = SYM_NONE, .below = -1, .var = -1 };

	if (!range_sym_equal(&d->alloc_hi, &o->alloc_hi))
		d->alloc_hi = none;
	if (!range_sym_equal(&d->rel_hi, &o->rel_hi))
		d->rel_hi = none;
	if (!range_sym_equal(&d->pend, &o->pend))
		d->pend = none;
	if (d->pend_loop != o->pend_loop)
		d->pend_loop = -1;
	d->rng_other |= o->rng_other;
}

/* Collapse the set into one configuration (the bounded join). */
void set_collapse(void *ctx, struct df_set *s)
{
	const struct fn_analysis *fa = ctx;
	struct config *j;

	if (s->len <= 1)
		return;
	j = s->items[0];
	for (unsigned k = 1; k < s->len; k++) {
		struct config *c = s->items[k];

		for (unsigned i = 0; i < fa->nobjs; i++) {
			struct obj_state *d = &j->objs[i];
			const struct obj_state *o = &c->objs[i];

			d->bits |= o->bits;
			d->escaped |= o->escaped;
			d->added_once |= o->added_once;
			d->cleared &= o->cleared;
			d->errptr |= o->errptr;
			if (d->group != o->group)
				d->group = (int16_t)i;
			if (d->conv != o->conv)
				d->conv = ALLOC_RETURNS_EITHER;
			merge_locs(d, o);
			ranges_collapse(d, o);
		}
		for (unsigned i = 0; i < fa->nvars; i++) {
			struct var_state *d = &j->vars[i];
			const struct var_state *o = &c->vars[i];

			d->bits |= o->bits;
			if (d->link != o->link || d->link_kind != o->link_kind ||
			    d->link_success != o->link_success) {
				d->link = -1;
				d->link_kind = LINK_NONE;
				d->link_success = 0;
			}
			if (d->rel_kind != o->rel_kind || d->rel_bound != o->rel_bound)
				d->rel_kind = REL_NONE;
		}
		for (unsigned i = 0; i < fa->resources.n; i++)
			j->res[i] |= c->res[i];
		free(c);
	}
	s->len = 1;
}

/* The domain's fold: c is into's abstract state with other provenance. */
int config_fold(void *ctx, void *into, const void *c)
{
	const struct fn_analysis *fa = ctx;
	struct config *dst = into;
	const struct config *src = c;
	int changed = 0;

	if (!same_abstract_state(fa, dst, src))
		return -1;
	for (unsigned i = 0; i < fa->nobjs; i++)
		changed |= merge_locs(&dst->objs[i], &src->objs[i]);
	return changed;
}

void *config_copy_cb(void *ctx, const void *c)
{
	return config_copy(ctx, c);
}

struct config *entry_config(const struct fn_analysis *fa)
{
	struct config *c = config_new(fa);

	for (unsigned i = 0; i < fa->nobjs; i++) {
		/* an uninitialised local is indeterminate, not "no disk": its
		 * declaration's initializer, or the assignment that gives it a
		 * value, may be what clang could not parse */
		c->objs[i].bits = DS_ENTRY;
		c->objs[i].group = (int16_t)i;
	}
	for (unsigned i = 0; i < fa->nvars; i++) {
		c->vars[i].bits = VAL_ANY;
		c->vars[i].link = -1;
	}
	memset(c->res, RS_NONE, fa->resources.n);
	return c;
}

/*
 * The bound on configurations per program point.  A configuration holds
 * the disks and the resources, so paths that differ on a disk and paths
 * that differ on a tag set multiply: with one bound of MAX_CONFIGS for the
 * product, a function that allocates a disk and a tag set would collapse
 * where each kind alone stays exact.  So the bound is MAX_CONFIGS per kind
 * of object the function tracks (its disks; the resources of each class),
 * and a set past MAX_CONFIGS collapses only when that many configurations
 * differ in what one kind depends on: the disks' states and their
 * variables, or one class's resources and the variables they read -- as
 * when each kind had its own analysis.
 */
static unsigned config_bound(const struct fn_analysis *fa)
{
	unsigned kinds = (fa->nobjs ? 1 : 0) + resource_table_classes(&fa->resources);

	return MAX_CONFIGS * (kinds ? kinds : 1);
}

/* kind: -1 the disks, else a class of resources */
static int same_part(const struct fn_analysis *fa, const struct config *a,
		     const struct config *b, int kind)
{
	if (kind < 0) {
		for (unsigned i = 0; i < fa->nobjs; i++) {
			const struct obj_state *x = &a->objs[i], *y = &b->objs[i];

			if (x->bits != y->bits || x->escaped != y->escaped ||
			    x->group != y->group || x->conv != y->conv ||
			    x->added_once != y->added_once || x->cleared != y->cleared ||
			    x->errptr != y->errptr || !same_ranges(x, y))
				return 0;
		}
	} else {
		for (unsigned i = 0; i < fa->resources.n; i++)
			if (fa->resources.items[i].cls_index == (unsigned)kind &&
			    a->res[i] != b->res[i])
				return 0;
	}
	for (unsigned i = 0; i < fa->nvars; i++) {
		const struct var_state *x = &a->vars[i], *y = &b->vars[i];

		if ((kind < 0 ? i >= fa->disk_nvars : !fa->res_vars[i]) ||
		    (x->bits == y->bits && x->link == y->link && x->link_kind == y->link_kind &&
		     x->link_success == y->link_success && x->rel_kind == y->rel_kind &&
		     (!x->rel_kind || x->rel_bound == y->rel_bound)))
			continue;
		return 0;
	}
	return 1;
}

/* Do more than MAX_CONFIGS configurations of s differ in what kind depends on? */
static int part_over_bound(const struct fn_analysis *fa, const struct df_set *s, int kind)
{
	unsigned distinct = 0;

	for (unsigned i = 0; i < s->len && distinct <= MAX_CONFIGS; i++) {
		unsigned j;

		for (j = 0; j < i; j++)
			if (same_part(fa, s->items[i], s->items[j], kind))
				break;
		distinct += j == i;
	}
	return distinct > MAX_CONFIGS;
}

int set_over_bound(void *ctx, const struct df_set *s)
{
	const struct fn_analysis *fa = ctx;

	if (s->len > config_bound(fa) || (fa->nobjs && part_over_bound(fa, s, -1)))
		return 1;
	for (unsigned i = 0; i < fa->resources.n; i++) {
		unsigned c = fa->resources.items[i].cls_index, first = 1;

		for (unsigned k = 0; k < i; k++)
			first &= fa->resources.items[k].cls_index != c;
		if (first && part_over_bound(fa, s, (int)c))
			return 1;
	}
	return 0;
}
