/* The typestate dataflow engine (see typestate.h for the model). */
#include "typestate.h"

#include "kernel_version.h"
#include "rules.h"
#include "string_list.h"
#include "summary_table.h"
#include "value_sets.h"

#include <clang-c/Index.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CONFIGS 16       /* per program point, before collapsing */
#define MAX_BLOCK_VISITS 24  /* per block, before widening to one config */
#define MAX_VARS 96
#define MAX_OBJS 64
#define PATH_MAX_LEN 256

struct config {
	struct obj_state *objs;
	struct var_state *vars;
	uint8_t *res; /* enum res_state per tracked resource (resource_objects.h) */
};

/* ---------------------------------------------------------------- names */

static const char *const allocators[] = {
	"blk_alloc_disk", "blk_mq_alloc_disk", "alloc_disk", "alloc_disk_node",
	"blk_mq_alloc_disk_for_queue", NULL,
};

/* Calls that take a disk without keeping or freeing it. */
static const char *const non_escaping[] = {
	"set_capacity", "set_capacity_and_notify", "get_capacity", "set_disk_ro",
	"get_disk_ro", "disk_set_zoned", "disk_to_dev", "disk_name", "dev_name",
	"disk_live", "disk_set_independent_access_ranges", "blk_queue_flag_set",
	"disk_uevent", "disk_stack_limits", "invalidate_disk", "blk_mark_disk_dead",
	"set_bit", "clear_bit", "test_bit", "sprintf", "snprintf", "scnprintf", "strscpy",
	"strcpy", "strlcpy", "memcpy", "memset", "pr_info", "pr_err", "pr_warn",
	"printk", "_printk", "dev_info", "dev_err", "dev_warn", "_dev_info", "_dev_err",
	"_dev_warn", "disk_force_media_change", "bdev_disk_changed", "disk_check_media_change",
	"blk_queue_logical_block_size", "blk_queue_physical_block_size",
	"blk_queue_max_hw_sectors", "__builtin_expect", NULL,
};

static int name_in(const char *const *list, const char *name)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return 1;
	return 0;
}

static int is_allocator(const char *name)
{
	return name_in(allocators, name);
}

static int is_err_helper(const char *name)
{
	return strcmp(name, "IS_ERR") == 0 || strcmp(name, "IS_ERR_OR_NULL") == 0 ||
	       strcmp(name, "PTR_ERR") == 0 || strcmp(name, "ERR_PTR") == 0 ||
	       strcmp(name, "ERR_CAST") == 0 || strcmp(name, "PTR_ERR_OR_ZERO") == 0 ||
	       strcmp(name, "IS_ERR_VALUE") == 0;
}

/* Index of the disk argument of add_disk / device_add_disk, or -1. */
static int add_disk_arg(const char *name)
{
	if (strcmp(name, "add_disk") == 0)
		return 0;
	if (strcmp(name, "device_add_disk") == 0)
		return 1;
	return -1;
}

/* ---------------------------------------------------------------- paths */

/* The index of a subscript as render_access() writes it in indexed mode:
 * a local variable, a parameter or an integer constant; 0 for an index
 * the engine cannot follow. */
static int render_index(const struct ir_node *ix, char *buf, size_t size)
{
	ix = ir_strip(ix);
	if (ix && ix->kind == IR_DECLREF && (ix->flags & IRF_VAR) &&
	    (ix->flags & (IRF_LOCAL | IRF_PARAM)) && ix->name)
		return snprintf(buf, size, "[%s]", ix->name) < (int)size;
	if (ix && ix->kind == IR_INTLIT && (ix->flags & IRF_HAS_VALUE))
		return snprintf(buf, size, "[%lld]", (long long)ix->value) < (int)size;
	return 0;
}

/*
 * Render an lvalue as an access path.  Collapsed (elem_len NULL): indexes
 * become "[]" (host->disks[]), the root's flags go to *root_flags.
 * Indexed (elem_len set): indexes are written out and *elem_len is the
 * length up to the last subscript (host->disks[i]->queue: "host->disks[i]"),
 * 0 if there is none.  0 if the expression is not a plain path.
 */
static int render_access(const struct ir_node *n, char *buf, size_t size, unsigned *root_flags,
			 size_t *elem_len)
{
	size_t len;

	n = ir_strip(n);
	if (!n)
		return 0;
	switch (n->kind) {
	case IR_DECLREF:
		if (!(n->flags & IRF_VAR) || !n->name || !*n->name)
			return 0;
		if (root_flags)
			*root_flags = n->flags;
		return snprintf(buf, size, "%s", n->name) < (int)size;
	case IR_MEMBER:
		if (n->nkids < 1 || !render_access(n->kids[0], buf, size, root_flags, elem_len))
			return 0;
		len = strlen(buf);
		return snprintf(buf + len, size - len, "%s%s", (n->flags & IRF_ARROW) ? "->" : ".",
				n->name) < (int)(size - len);
	case IR_SUBSCRIPT:
		if (n->nkids < 1 || !render_access(n->kids[0], buf, size, root_flags, elem_len))
			return 0;
		len = strlen(buf);
		if (!elem_len)
			return snprintf(buf + len, size - len, "[]") < (int)(size - len);
		if (n->nkids < 2 || !render_index(n->kids[1], buf + len, size - len))
			return 0;
		*elem_len = strlen(buf);
		return 1;
	default:
		return 0;
	}
}

static int render_path(const struct ir_node *n, char *buf, size_t size, unsigned *root_flags)
{
	return render_access(n, buf, size, root_flags, NULL);
}

static int render_elem(const struct ir_node *n, char *buf, size_t size)
{
	size_t elem_len = 0;

	if (!n || !render_access(n, buf, size, NULL, &elem_len) || !elem_len)
		return 0;
	buf[elem_len] = '\0';
	return 1;
}

static int same_element(const struct ir_node *a, const struct ir_node *b)
{
	char x[PATH_MAX_LEN], y[PATH_MAX_LEN];

	if (!a || !b)
		return 0;
	if (a == b)
		return 1;
	return render_elem(a, x, sizeof(x)) && render_elem(b, y, sizeof(y)) && strcmp(x, y) == 0;
}

static int find_obj(const struct fn_analysis *fa, const char *path)
{
	for (unsigned i = 0; i < fa->nobjs; i++)
		if (strcmp(fa->objs[i].path, path) == 0)
			return (int)i;
	return -1;
}

static int find_var(const struct fn_analysis *fa, const char *name)
{
	for (unsigned i = 0; i < fa->nvars; i++)
		if (strcmp(fa->vars[i], name) == 0)
			return (int)i;
	return -1;
}

static int obj_of(const struct fn_analysis *fa, const struct ir_node *n)
{
	char buf[PATH_MAX_LEN];

	if (!fa->nobjs || !render_path(n, buf, sizeof(buf), NULL))
		return -1;
	return find_obj(fa, buf);
}

static int var_of(const struct fn_analysis *fa, const struct ir_node *n)
{
	n = ir_strip(n);
	if (!n || n->kind != IR_DECLREF || !(n->flags & IRF_VAR))
		return -1;
	return find_var(fa, n->name);
}

static int add_obj(struct fn_analysis *fa, const char *path, unsigned root_flags)
{
	struct tracked_object *o;
	size_t rl;
	int idx = find_obj(fa, path);

	if (idx >= 0 || fa->nobjs >= MAX_OBJS)
		return idx;
	if (fa->nobjs == fa->cap_objs) {
		fa->cap_objs = fa->cap_objs ? fa->cap_objs * 2 : 8;
		fa->objs = xrealloc(fa->objs, fa->cap_objs * sizeof(*fa->objs));
	}
	o = &fa->objs[fa->nobjs];
	memset(o, 0, sizeof(*o));
	o->path = xstrdup(path);
	rl = strcspn(path, "-.[");
	o->root = xstrndup(path, rl);
	o->param = -1;
	for (unsigned i = 0; i < fa->fn->nparams; i++)
		if (strcmp(fa->fn->params[i], o->root) == 0)
			o->param = (int)i;
	o->local_root = (root_flags & IRF_LOCAL) && o->param < 0;
	o->local = o->local_root && strcmp(path, o->root) == 0;
	o->weak = strstr(path, "[]") != NULL;
	return (int)fa->nobjs++;
}

static int add_obj_node(struct fn_analysis *fa, const struct ir_node *n)
{
	char buf[PATH_MAX_LEN];
	unsigned flags = 0;

	if (!render_path(n, buf, sizeof(buf), &flags))
		return -1;
	return add_obj(fa, buf, flags);
}

static void add_var(struct fn_analysis *fa, const char *name)
{
	if (find_var(fa, name) >= 0 || find_obj(fa, name) >= 0 || fa->nvars >= MAX_VARS)
		return;
	if (fa->nvars == fa->cap_vars) {
		fa->cap_vars = fa->cap_vars ? fa->cap_vars * 2 : 16;
		fa->vars = xrealloc(fa->vars, fa->cap_vars * sizeof(*fa->vars));
	}
	fa->vars[fa->nvars++] = name;
}

/* The index of a call among the function's allocator wrappers, or -1. */
static int wrap_index(const struct fn_analysis *fa, const struct ir_node *call)
{
	for (unsigned i = 0; i < fa->nwrap; i++)
		if (fa->wrap_calls[i] == call)
			return (int)i;
	return -1;
}

/* The allocator call an expression evaluates to (the kernel's, or a
 * driver wrapper checked as one), or NULL. */
static const struct ir_node *alloc_call_of(const struct fn_analysis *fa, const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_CALL && (is_allocator(ir_api_name(n)) || wrap_index(fa, n) >= 0))
		return n;
	return NULL;
}

/* The path a summary effect names at a call: the argument's path plus the
 * effect's suffix (&dev->unit[i] + "->disk" = dev->unit[].disk), or the
 * global path itself. */
static int summary_target(const struct ir_node *call, const struct summary_effect *eff,
			  char *buf, size_t size, unsigned *flags)
{
	const struct ir_node *arg;
	size_t len;

	if (eff->param == SUMMARY_GLOBAL_PARAM)
		return snprintf(buf, size, "%s", eff->suffix) < (int)size;
	arg = ir_call_arg(call, eff->param);
	if (!arg)
		return 0;
	if (arg->kind == IR_UNARY && arg->op == CXUnaryOperator_AddrOf && arg->nkids == 1) {
		if (strncmp(eff->suffix, "->", 2) != 0 ||
		    !render_path(arg->kids[0], buf, size, flags))
			return 0;
		len = strlen(buf);
		return snprintf(buf + len, size - len, ".%s", eff->suffix + 2) < (int)(size - len);
	}
	if (!render_path(arg, buf, size, flags))
		return 0;
	len = strlen(buf);
	return snprintf(buf + len, size - len, "%s", eff->suffix) < (int)(size - len);
}

/* ------------------------------------------------------------- prescan */

struct alias_pair {
	char a[PATH_MAX_LEN];
	unsigned a_flags;
	char b[PATH_MAX_LEN];
	unsigned b_flags;
};

struct prescan {
	struct fn_analysis *fa;
	struct alias_pair *pairs;
	unsigned npairs, cap;
};

static void note_assignment(struct prescan *ps, const struct ir_node *lhs_node, const char *lhs,
			    unsigned lhs_flags, const struct ir_node *rhs)
{
	const struct ir_node *r = ir_strip(rhs);
	char buf[PATH_MAX_LEN];
	unsigned flags = 0;

	if (alloc_call_of(ps->fa, r)) {
		add_obj(ps->fa, lhs, lhs_flags);
		return;
	}
	if (r && r->kind == IR_BINARY && r->op == CXBinaryOperator_Assign && r->nkids == 2)
		r = ir_strip(r->kids[0]);
	if (!r || !render_path(r, buf, sizeof(buf), &flags))
		return;
	(void)lhs_node;
	if (ps->npairs == ps->cap) {
		ps->cap = ps->cap ? ps->cap * 2 : 16;
		ps->pairs = xrealloc(ps->pairs, ps->cap * sizeof(*ps->pairs));
	}
	snprintf(ps->pairs[ps->npairs].a, PATH_MAX_LEN, "%s", lhs);
	ps->pairs[ps->npairs].a_flags = lhs_flags;
	snprintf(ps->pairs[ps->npairs].b, PATH_MAX_LEN, "%s", buf);
	ps->pairs[ps->npairs].b_flags = flags;
	ps->npairs++;
}

static void prescan_node(struct prescan *ps, const struct ir_node *n)
{
	struct fn_analysis *fa = ps->fa;

	if (!n)
		return;
	if (n->kind == IR_CALL) {
		const char *name = ir_api_name(n);
		int ai = add_disk_arg(name);

		if (ai >= 0 && ir_call_arg(n, (unsigned)ai))
			add_obj_node(fa, ir_call_arg(n, (unsigned)ai));
		else if ((strcmp(name, "del_gendisk") == 0 || strcmp(name, "put_disk") == 0 ||
			  strcmp(name, "blk_cleanup_disk") == 0) &&
			 ir_call_arg(n, 0))
			add_obj_node(fa, ir_call_arg(n, 0));
		else if (fa->summaries) {
			/* the driver's own helper: by its name (ir_api_name() is
			 * "" for it), as eval_call() applies the summary */
			const struct function_summary *s =
				summary_for(fa->summaries, n->name ? n->name : "");

			for (unsigned i = 0; s && i < s->neffects; i++) {
				char buf[PATH_MAX_LEN];
				unsigned flags = 0;

				if (summary_target(n, &s->effects[i], buf, sizeof(buf), &flags))
					add_obj(fa, buf, flags);
			}
		}
	} else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		char buf[PATH_MAX_LEN];
		unsigned flags = 0;

		if (render_path(n->kids[0], buf, sizeof(buf), &flags))
			note_assignment(ps, n->kids[0], buf, flags, n->kids[1]);
	} else if (n->kind == IR_DECL && n->nkids == 1 && n->name) {
		note_assignment(ps, n, n->name, n->flags & IRF_LOCAL, n->kids[0]);
	}
	for (unsigned i = 0; i < n->nkids; i++)
		prescan_node(ps, n->kids[i]);
}

static void prescan_vars(struct fn_analysis *fa, const struct ir_node *n)
{
	if (!n)
		return;
	if (n->kind == IR_DECL && n->name && !(n->flags & IRF_POINTER) && (n->flags & IRF_LOCAL))
		add_var(fa, n->name);
	if (n->kind == IR_BINARY && n->nkids == 2 && n->op >= CXBinaryOperator_Assign &&
	    n->op <= CXBinaryOperator_OrAssign) {
		const struct ir_node *l = ir_strip(n->kids[0]);

		if (l && l->kind == IR_DECLREF && (l->flags & IRF_VAR) && !(l->flags & IRF_POINTER))
			add_var(fa, l->name);
	}
	for (unsigned i = 0; i < n->nkids; i++)
		prescan_vars(fa, n->kids[i]);
}

/* The suffix of path after base when path is a field path under it
 * (base->disk, base.disk), else NULL. */
static const char *field_suffix(const char *path, const char *base)
{
	size_t len = strlen(base);

	const char *field;

	if (strncmp(path, base, len) || (path[len] != '.' && strncmp(path + len, "->", 2)))
		return NULL;
	/* one member deep (base->disk): a disk's own fields pointing back to
	 * its owner (disk->private_data = gdev) must not chain */
	field = path + len + (path[len] == '.' ? 1 : 2);
	return strpbrk(field, ".-[") ? NULL : path + len;
}

/* For every tracked path under from (from->disk), track the same field
 * under to (to->disk). */
static void prefix_alias(struct fn_analysis *fa, const char *to, unsigned to_flags,
			 const char *from)
{
	unsigned n = fa->nobjs;

	for (unsigned i = 0; i < n; i++) {
		const char *sfx = field_suffix(fa->objs[i].path, from);
		char buf[PATH_MAX_LEN];

		if (sfx && snprintf(buf, sizeof(buf), "%s%s", to, sfx) < (int)sizeof(buf))
			add_obj(fa, buf, to_flags);
	}
}

/* Does the function test path with IS_ERR(), IS_ERR_OR_NULL() or against
 * NULL?  The convention of the test, or -1. */
static int check_convention(const struct ir_node *n, const char *path)
{
	char buf[PATH_MAX_LEN];
	const struct ir_node *x = NULL;
	int conv = -1, k;

	n = ir_strip(n);
	if (!n)
		return -1;
	if (n->kind == IR_CALL && ir_call_arg(n, 0) &&
	    (!strcmp(ir_api_name(n), "IS_ERR") || !strcmp(ir_api_name(n), "IS_ERR_OR_NULL"))) {
		x = ir_call_arg(n, 0);
		conv = ir_api_name(n)[6] ? ALLOC_RETURNS_EITHER : ALLOC_RETURNS_ERR_PTR;
	} else if (n->kind == IR_UNARY && n->op == CXUnaryOperator_LNot && n->nkids == 1) {
		x = n->kids[0];
		conv = ALLOC_RETURNS_NULL;
	} else if (n->kind == IR_BINARY && n->nkids == 2 &&
		   (n->op == CXBinaryOperator_EQ || n->op == CXBinaryOperator_NE) &&
		   (value_zero_literal(n->kids[0]) || value_zero_literal(n->kids[1]))) {
		x = value_zero_literal(n->kids[1]) ? n->kids[0] : n->kids[1];
		conv = ALLOC_RETURNS_NULL;
	} else if (n->kind == IR_IF && n->nkids >= 1) {
		x = n->kids[0];
		conv = ALLOC_RETURNS_NULL;
	}
	if (x && render_path(x, buf, sizeof(buf), NULL) && !strcmp(buf, path))
		return conv;
	for (unsigned i = 0; i < n->nkids; i++)
		if ((k = check_convention(n->kids[i], path)) >= 0)
			return k;
	return -1;
}

/* Does the body call an allocator (or another wrapper of one)? */
static int body_allocates(const struct ir_node *n)
{
	if (!n)
		return 0;
	if (n->kind == IR_CALL && (is_allocator(ir_api_name(n)) ||
				   (n->flags & (IRF_DISK_PTR | IRF_CALLEE_DRIVER)) ==
					   (IRF_DISK_PTR | IRF_CALLEE_DRIVER)))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (body_allocates(n->kids[i]))
			return 1;
	return 0;
}

/* A call of the driver's own function returning a struct gendisk *: an
 * allocator unless its body is known and allocates nothing (a lookup). */
static int wrapper_candidate(const struct fn_analysis *fa, const struct ir_node *r)
{
	const struct ir_function *fn;

	if (!r || r->kind != IR_CALL || !r->name || !fa->summaries || !fa->summaries->lf ||
	    (r->flags & (IRF_DISK_PTR | IRF_CALLEE_DRIVER)) != (IRF_DISK_PTR | IRF_CALLEE_DRIVER) ||
	    is_allocator(ir_api_name(r)))
		return 0;
	fn = lowered_function(fa->summaries->lf, r->name);
	return fn ? body_allocates(fn->body) : 1;
}

static void note_wrapper(struct fn_analysis *fa, const char *lhs, const struct ir_node *rhs)
{
	const struct ir_node *r = ir_strip(rhs);
	int conv;

	if (!wrapper_candidate(fa, r) || wrap_index(fa, r) >= 0 ||
	    (conv = check_convention(fa->fn->body, lhs)) < 0)
		return;
	fa->wrap_calls = xrealloc(fa->wrap_calls, (fa->nwrap + 1) * sizeof(*fa->wrap_calls));
	fa->wrap_conv = xrealloc(fa->wrap_conv, fa->nwrap + 1);
	fa->wrap_calls[fa->nwrap] = r;
	fa->wrap_conv[fa->nwrap++] = (uint8_t)conv;
}

/* A function that returns a struct gendisk * and whose result the caller
 * checks with IS_ERR()/NULL is an allocator with that convention
 * (gdram_alloc_disk(), a compat wrapper of blk_alloc_disk()). */
static void find_wrappers(struct fn_analysis *fa, const struct ir_node *n)
{
	char buf[PATH_MAX_LEN];

	if (!n)
		return;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    render_path(n->kids[0], buf, sizeof(buf), NULL))
		note_wrapper(fa, buf, n->kids[1]);
	else if (n->kind == IR_DECL && n->nkids == 1 && n->name)
		note_wrapper(fa, n->name, n->kids[0]);
	for (unsigned i = 0; i < n->nkids; i++)
		find_wrappers(fa, n->kids[i]);
}

static void prescan(struct fn_analysis *fa)
{
	struct prescan ps = { .fa = fa };

	find_wrappers(fa, fa->fn->body);
	prescan_node(&ps, fa->fn->body);
	/* simple copies alias tracked paths: track the other side too */
	for (int pass = 0; pass < 4 && fa->nobjs; pass++) {
		unsigned before = fa->nobjs;

		for (unsigned i = 0; i < ps.npairs; i++) {
			int a = find_obj(fa, ps.pairs[i].a), b = find_obj(fa, ps.pairs[i].b);

			if (a >= 0 && b < 0)
				add_obj(fa, ps.pairs[i].b, ps.pairs[i].b_flags);
			else if (b >= 0 && a < 0)
				add_obj(fa, ps.pairs[i].a, ps.pairs[i].a_flags);
			/* a copy of a struct pointer aliases the disks reached
			 * through it: gdram_devs[index] = gdev makes
			 * gdram_devs[]->disk the disk of gdev->disk */
			prefix_alias(fa, ps.pairs[i].a, ps.pairs[i].a_flags, ps.pairs[i].b);
			prefix_alias(fa, ps.pairs[i].b, ps.pairs[i].b_flags, ps.pairs[i].a);
		}
		if (fa->nobjs == before)
			break;
	}
	free(ps.pairs);
	if (fa->nobjs)
		prescan_vars(fa, fa->fn->body);
}

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

static struct config *config_copy(const struct fn_analysis *fa, const struct config *src)
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
		    x->conv != y->conv || x->added_once != y->added_once || x->cleared != y->cleared)
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
static void set_collapse(void *ctx, struct df_set *s)
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
static int config_fold(void *ctx, void *into, const void *c)
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

static void *config_copy_cb(void *ctx, const void *c)
{
	return config_copy(ctx, c);
}

/* ------------------------------------------------------ state changes */

static void detach(const struct fn_analysis *fa, struct config *c, int obj)
{
	int leader = -1;

	for (unsigned i = 0; i < fa->nobjs; i++) {
		if ((int)i == obj || c->objs[i].group != obj)
			continue;
		if (leader < 0)
			leader = (int)i;
		c->objs[i].group = (int16_t)leader;
	}
	c->objs[obj].group = (int16_t)obj;
}

/* Apply f to obj and every alias of it in c. */
static void for_group(const struct fn_analysis *fa, struct config *c, int obj,
		      void (*f)(struct obj_state *, const void *), const void *arg)
{
	int g = c->objs[obj].group;

	for (unsigned i = 0; i < fa->nobjs; i++)
		if (c->objs[i].group == g)
			f(&c->objs[i], arg);
}

struct transition {
	enum lint_event_kind kind;
	struct ir_loc loc;
	int add_returns_int;
	const struct ir_node *elem;
};

static void apply_transition(struct obj_state *o, const void *arg)
{
	const struct transition *t = arg;
	uint16_t live = (uint16_t)(o->bits & ~DS_NONE);
	uint16_t none = (uint16_t)(o->bits & DS_NONE);

	switch (t->kind) {
	case EV_ADD:
		if (live)
			o->bits = (uint16_t)(none | (t->add_returns_int ? DS_ADD_PENDING : DS_ADDED));
		if (live && !t->add_returns_int)
			o->added_once = 1;
		o->add_loc = t->loc;
		break;
	case EV_DEL:
		/* deleting a put disk is a use after put: it stays put */
		if (live)
			o->bits = (uint16_t)(none | (o->bits & DS_PUT) |
					     ((live & ~DS_PUT) ? DS_DELETED : 0));
		o->del_loc = t->loc;
		o->del_elem = t->elem;
		break;
	case EV_PUT:
		if (live) {
			o->put_from = live;
			o->bits = (uint16_t)(none | DS_PUT);
		}
		o->put_loc = t->loc;
		o->put_elem = t->elem;
		break;
	default:
		break;
	}
}

static void mark_escaped(struct obj_state *o, const void *arg)
{
	(void)arg;
	o->escaped = 1;
}

/* ------------------------------------------------------------- events */

struct engine {
	struct fn_analysis *fa;
	struct df_set cur;
	const struct ir_node *call; /* the call whose lifecycle effects apply now */
};

/* ------------------------------------------------ loops and index ranges */

static const struct range_sym no_range = { .kind = SYM_NONE, .below = -1, .var = -1 };

/* The range facts survive a new value of one element (a[i] = alloc()). */
struct range_facts {
	struct range_sym alloc_hi, rel_hi, pend;
	int8_t pend_loop;
	uint8_t rng_other;
};

static void save_ranges(const struct obj_state *o, struct range_facts *r)
{
	r->alloc_hi = o->alloc_hi;
	r->rel_hi = o->rel_hi;
	r->pend = o->pend;
	r->pend_loop = o->pend_loop;
	r->rng_other = o->rng_other;
}

static void restore_ranges(struct obj_state *o, const struct range_facts *r)
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
static void ranges_taint(struct engine *e, int obj)
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
static void ranges_path_written(struct engine *e, const char *path)
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
static void ranges_var_written(struct engine *e, int var, const struct ir_node *site)
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
static void ranges_block_enter(struct fn_analysis *fa, unsigned blk, struct df_set *cur)
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
static void ranges_edge(struct fn_analysis *fa, const struct ir_node *cond, int sense,
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


static void emit(struct engine *e, struct lint_event *ev)
{
	struct fn_analysis *fa = e->fa;

	if (!fa->reporting || !e->cur.len)
		return;
	/* a function that tracks only resources has no disk events to tell */
	if (!fa->nobjs && ev->kind != EV_RESOURCE_LEAK)
		return;
	ev->fa = fa;
	ev->configs = &e->cur;
	if (fa->observer)
		fa->observer(ev, fa->observer_arg);
	for (size_t i = 0; fa->rule_enabled && i < rules_count(); i++) {
		const struct rule *r = rule_at(i);

		/* a resource's events go to the rule that classified it */
		if (ev->kind == EV_RESOURCE_LEAK && r->resources != ev->resource->cls)
			continue;
		if (fa->rule_enabled[i] && r->on_event)
			r->on_event(ev);
	}
}

/* elem: the argument as written (the disk, or the struct a summarised
 * helper reaches it through), for collapsed array elements */
static void lifecycle(struct engine *e, enum lint_event_kind kind, int obj, struct ir_loc loc,
		      const char *callee, int via_helper, int discarded, const struct ir_node *elem)
{
	struct fn_analysis *fa = e->fa;
	char buf[PATH_MAX_LEN];
	struct lint_event ev = { .kind = kind, .obj = obj, .loc = loc, .callee = callee,
				 .via_helper = via_helper, .result_discarded = discarded };
	struct transition t = { .kind = kind, .loc = loc,
				.add_returns_int = add_disk_returns_int(fa->target) };

	if (obj < 0)
		return;
	if (fa->objs[obj].weak && elem && render_elem(elem, buf, sizeof(buf)))
		ev.elem = t.elem = elem;
	ev.path = fa->objs[obj].path;
	emit(e, &ev);
	if (kind == EV_DEL || kind == EV_PUT)
		ranges_taint(e, obj);
	for (unsigned k = 0; k < e->cur.len; k++)
		for_group(fa, e->cur.items[k], obj, apply_transition, &t);
}

static void assume_checked(struct obj_state *o, const void *arg)
{
	(void)arg;
	if (o->bits & DS_UNCHECKED)
		o->bits = (uint16_t)((o->bits & ~DS_UNCHECKED) | DS_ALLOCATED);
}

static void use(struct engine *e, int obj, struct ir_loc loc, const char *callee)
{
	struct lint_event ev = { .kind = EV_USE, .obj = obj, .loc = loc, .callee = callee };

	if (obj < 0)
		return;
	ev.path = e->fa->objs[obj].path;
	emit(e, &ev);
	/* the driver assumed success here: report an unchecked disk once */
	for (unsigned k = 0; k < e->cur.len; k++)
		for_group(e->fa, e->cur.items[k], obj, assume_checked, NULL);
}


/* ------------------------------------------------------------ values */

enum value_kind { V_UNKNOWN, V_ALLOC, V_OBJ, V_NULL, V_INT, V_VAR, V_ADD_RESULT, V_ALLOC_ERROR,
		  V_ERRPTR, V_ALLOC_RESULT, V_ACQUIRE_RESULT };

struct value {
	enum value_kind kind;
	int index;              /* V_OBJ, V_VAR, V_ADD_RESULT, V_ALLOC_ERROR: object/variable;
				 * V_ACQUIRE_RESULT: resource */
	unsigned bits;          /* V_INT */
	const struct ir_node *call; /* V_ALLOC */
	unsigned success;       /* V_ACQUIRE_RESULT: the values meaning success */
};

static int summary_effects_on(struct fn_analysis *fa, const struct ir_node *call, unsigned effect,
			      int *objs_out, const struct ir_node **args_out, int max)
{
	const struct function_summary *s;
	int n = 0;

	if (!fa->summaries)
		return 0;
	s = summary_for(fa->summaries, call->name ? call->name : "");
	for (unsigned i = 0; s && i < s->neffects && n < max; i++) {
		char buf[PATH_MAX_LEN];
		int o;

		if (!(s->effects[i].effects & effect) ||
		    !summary_target(call, &s->effects[i], buf, sizeof(buf), NULL))
			continue;
		o = find_obj(fa, buf);
		if (o < 0)
			continue;
		if (args_out)
			args_out[n] = s->effects[i].param == SUMMARY_GLOBAL_PARAM ?
					      NULL : ir_call_arg(call, s->effects[i].param);
		objs_out[n++] = o;
	}
	return n;
}

/* The object a helper allocates when it returns 0 (EFFECT_ALLOC_ON_ZERO), or -1. */
static int alloc_result_obj(struct fn_analysis *fa, const struct ir_node *call)
{
	int objs[2];

	if (summary_effects_on(fa, call, EFFECT_ALLOC_ON_ZERO, objs, NULL, 2) == 1)
		return objs[0];
	return -1;
}

/* The object whose add result a call returns (add_disk, or an adding helper), or -1. */
static int add_result_obj(struct fn_analysis *fa, const struct ir_node *call)
{
	int ai = add_disk_arg(ir_api_name(call));
	int objs[1];

	if (ai >= 0)
		return ir_call_arg(call, (unsigned)ai) ? obj_of(fa, ir_call_arg(call, (unsigned)ai))
						       : -1;
	if (summary_effects_on(fa, call, EFFECT_ADD, objs, NULL, 1) == 1)
		return objs[0];
	return -1;
}

static struct value classify(struct fn_analysis *fa, const struct ir_node *n)
{
	struct value v = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };
	int idx;

	n = ir_strip(n);
	if (!n)
		return v;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2)
		return classify(fa, n->kids[0]); /* a = b = x: the value of a is b's */
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Comma && n->nkids == 2)
		return classify(fa, n->kids[1]);
	if (n->kind == IR_CALL) {
		const char *name = ir_api_name(n);

		if (is_allocator(name) || wrap_index(fa, n) >= 0) {
			v.kind = V_ALLOC;
			v.call = n;
		} else if (!strcmp(name, "ERR_PTR") || !strcmp(name, "ERR_CAST")) {
			v.kind = V_ERRPTR; /* no disk */
		} else if (resource_acquire_result(&fa->resources, n, &v.bits, &v.index,
						   &v.success)) {
			v.kind = V_ACQUIRE_RESULT;
		} else if ((idx = alloc_result_obj(fa, n)) >= 0) {
			v.kind = V_ALLOC_RESULT;
			v.index = idx;
			v.call = n;
		} else if ((idx = add_result_obj(fa, n)) >= 0) {
			v.kind = V_ADD_RESULT;
			v.index = idx;
			v.bits = VAL_ZERO | VAL_NEG;
		} else if (strcmp(name, "PTR_ERR") == 0) {
			v.kind = V_INT;
			v.bits = VAL_NEG;
		} else if (strcmp(name, "PTR_ERR_OR_ZERO") == 0 && ir_call_arg(n, 0) &&
			   (idx = obj_of(fa, ir_call_arg(n, 0))) >= 0) {
			v.kind = V_ALLOC_ERROR;
			v.index = idx;
			v.bits = VAL_ZERO | VAL_NEG;
		}
		return v;
	}
	if (n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE)) {
		if (n->value == 0) {
			v.kind = V_NULL;
			v.bits = VAL_ZERO;
		} else {
			v.kind = V_INT;
			v.bits = n->value < 0 ? VAL_NEG : VAL_POS;
		}
		return v;
	}
	if (value_negative_constant(n)) {
		v.kind = V_INT;
		v.bits = VAL_NEG;
		return v;
	}
	if ((idx = obj_of(fa, n)) >= 0) {
		v.kind = V_OBJ;
		v.index = idx;
		return v;
	}
	if ((idx = var_of(fa, n)) >= 0) {
		v.kind = V_VAR;
		v.index = idx;
	}
	return v;
}

static void assign_object(struct engine *e, int obj, const struct value *v, struct ir_loc loc)
{
	struct fn_analysis *fa = e->fa;

	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct obj_state *o = &c->objs[obj];
		struct range_facts rf;

		if (v->kind == V_OBJ && v->index == obj)
			continue;
		detach(fa, c, obj);
		if (v->kind == V_OBJ) {
			*o = c->objs[v->index];
			continue;
		}
		save_ranges(o, &rf);
		{
			/* a collapsed array element stands for all: one of them was added */
			uint8_t once = fa->objs[obj].weak ? o->added_once : 0;
			/* NULL stored over a put disk (put_disk(d->disk); d->disk =
			 * NULL): the field is cleared, the put is remembered */
			int cleared = v->kind == V_NULL && o->bits == DS_PUT;
			struct ir_loc put_loc = o->put_loc, del_loc = o->del_loc;

			memset(o, 0, sizeof(*o));
			o->added_once = once;
			if (cleared) {
				o->put_loc = put_loc;
				o->del_loc = del_loc;
				o->cleared = 1;
			}
		}
		o->group = (int16_t)obj;
		if (v->kind == V_ALLOC) {
			const char *name = ir_call_name(v->call);
			int w = wrap_index(fa, v->call);

			o->bits = DS_UNCHECKED;
			o->alloc_loc = v->call->loc;
			o->alloc_fn = name;
			o->conv = (uint8_t)(w >= 0 ? fa->wrap_conv[w]
						   : alloc_convention_of_call(fa->target, v->call));
			o->conv_by_call = (v->call->flags & IRF_UNRESOLVED) != 0;
		} else if (v->kind == V_NULL || v->kind == V_ERRPTR) {
			o->bits = DS_NONE;
		} else {
			o->bits = DS_ENTRY;
		}
		/* one element has a new value: the array's ranges stay, unless
		 * what it holds now is unknown */
		if (fa->objs[obj].weak) {
			restore_ranges(o, &rf);
			if (v->kind == V_UNKNOWN)
				o->rng_other = 1;
		}
		(void)loc;
	}
}

static void assign_var(struct engine *e, int var, const struct value *v)
{
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct var_state *s = &c->vars[var];

		if (v->kind == V_VAR) {
			*s = c->vars[v->index];
			continue;
		}
		s->bits = (uint8_t)v->bits;
		s->link = -1;
		s->link_kind = LINK_NONE;
		s->link_success = 0;
		if (v->kind == V_ACQUIRE_RESULT) {
			s->link = (int16_t)v->index;
			s->link_kind = LINK_ACQUIRE_RESULT;
			s->link_success = (uint8_t)v->success;
		} else if (v->kind == V_ADD_RESULT) {
			s->link = (int16_t)v->index;
			s->link_kind = LINK_ADD_RESULT;
		} else if (v->kind == V_ALLOC_ERROR) {
			s->link = (int16_t)v->index;
			s->link_kind = LINK_ALLOC_ERROR;
		}
	}
}

/* The base pointer of field paths changed (brd = next in a list walk):
 * every disk reached through it is another, unknown one now. */
static void rebase_paths(struct engine *e, const char *base)
{
	struct fn_analysis *fa = e->fa;
	size_t len = strlen(base);
	struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (strncmp(p, base, len) == 0 && (p[len] == '-' || p[len] == '.' || p[len] == '['))
			assign_object(e, (int)i, &unknown, (struct ir_loc){ 0, 0 });
	}
}

/* The variable name was written (or its address taken): array elements
 * remembered through an index naming it are other elements now. */
static void forget_elements(struct engine *e, const char *name)
{
	if (!name)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];

		for (unsigned i = 0; i < e->fa->nobjs; i++) {
			struct obj_state *o = &c->objs[i];

			if (o->del_elem && ir_mentions_var(o->del_elem, name))
				o->del_elem = NULL;
			if (o->put_elem && ir_mentions_var(o->put_elem, name))
				o->put_elem = NULL;
		}
	}
}

/* err = helper(...) where the helper allocates when it returns 0: each
 * configuration becomes two, err == 0 with the disk allocated by the call,
 * err != 0 with the disk as it was. */
static void split_alloc_result(struct engine *e, int var, const struct value *v)
{
	struct fn_analysis *fa = e->fa;
	unsigned n = e->cur.len;

	for (unsigned k = 0; k < n; k++) {
		struct config *fail = e->cur.items[k], *ok = config_copy(fa, fail);
		struct obj_state *o;
		uint8_t once;

		fail->vars[var].bits = VAL_NEG | VAL_POS;
		fail->vars[var].link = -1;
		fail->vars[var].link_kind = LINK_NONE;
		ok->vars[var].bits = VAL_ZERO;
		ok->vars[var].link = -1;
		ok->vars[var].link_kind = LINK_NONE;
		struct range_facts rf;

		detach(fa, ok, v->index);
		o = &ok->objs[v->index];
		once = fa->objs[v->index].weak ? o->added_once : 0;
		save_ranges(o, &rf);
		memset(o, 0, sizeof(*o));
		restore_ranges(o, &rf);
		o->group = (int16_t)v->index;
		o->added_once = once;
		o->bits = DS_ALLOCATED;
		o->alloc_loc = v->call->loc;
		o->alloc_fn = ir_call_name(v->call);
		o->conv = ALLOC_RETURNS_EITHER;
		df_set_push(&e->cur, ok);
	}
}

/* lhs = rhs copies a struct pointer: the disks tracked under lhs
 * (lhs->disk) are now those under rhs (gdram_devs[index] = gdev). */
static void copy_prefix(struct engine *e, const struct ir_node *lhs, const struct ir_node *rhs)
{
	struct fn_analysis *fa = e->fa;
	char l[PATH_MAX_LEN], r[PATH_MAX_LEN], buf[PATH_MAX_LEN];
	const struct ir_node *rs = ir_strip(rhs);

	if (rs && rs->kind == IR_BINARY && rs->op == CXBinaryOperator_Assign && rs->nkids == 2)
		rs = ir_strip(rs->kids[0]);
	if (!render_path(lhs, l, sizeof(l), NULL) || !rs || !render_path(rs, r, sizeof(r), NULL) ||
	    !strcmp(l, r))
		return;
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *sfx = field_suffix(fa->objs[i].path, r);
		struct value v = { .kind = V_OBJ, .index = (int)i, .bits = VAL_ANY };
		int to;

		if (!sfx || snprintf(buf, sizeof(buf), "%s%s", l, sfx) >= (int)sizeof(buf) ||
		    (to = find_obj(fa, buf)) < 0 || to == (int)i)
			continue;
		assign_object(e, to, &v, rhs->loc);
	}
}

static const char *declref_name(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_DECLREF ? n->name : NULL;
}

static void assign_to(struct engine *e, const struct ir_node *lhs, const char *decl_name,
		      const struct ir_node *rhs)
{
	struct fn_analysis *fa = e->fa;
	struct value v = classify(fa, rhs);
	int obj = decl_name ? find_obj(fa, decl_name) : obj_of(fa, lhs);
	int var = decl_name ? find_var(fa, decl_name) : var_of(fa, lhs);
	char base[PATH_MAX_LEN];

	forget_elements(e, decl_name ? decl_name : declref_name(lhs));
	if (var >= 0)
		ranges_var_written(e, var, lhs ? lhs : rhs);
	if (decl_name) {
		rebase_paths(e, decl_name);
	} else if (render_path(lhs, base, sizeof(base), NULL)) {
		rebase_paths(e, base);
		ranges_path_written(e, base);
	}

	if (obj >= 0)
		assign_object(e, obj, &v, rhs ? rhs->loc : (struct ir_loc){ 0, 0 });
	else if (var >= 0 && v.kind == V_ALLOC_RESULT)
		split_alloc_result(e, var, &v);
	else if (var >= 0)
		assign_var(e, var, &v);
	if (!decl_name && rhs)
		copy_prefix(e, lhs, rhs);
}

/* lhs changed in a way the engine does not compute (x++, p += n, x |= y):
 * an integer's value is unknown now, and a pointer that moved (cd++ in a
 * walk over an array of devices) reaches other disks through its fields. */
static void forget_var(struct engine *e, const struct ir_node *lhs)
{
	int var = var_of(e->fa, lhs);
	struct value v = { .kind = V_UNKNOWN, .bits = VAL_ANY, .index = -1 };
	char base[PATH_MAX_LEN];

	forget_elements(e, declref_name(lhs));
	ranges_var_written(e, var, lhs);
	if (var >= 0)
		assign_var(e, var, &v);
	if (render_path(lhs, base, sizeof(base), NULL)) {
		rebase_paths(e, base);
		ranges_path_written(e, base);
	}
}

/* x++ / x-- on an integer: zero becomes positive (or negative), a
 * positive value stays positive after ++ (a counter of successes). */
static void step_var(struct engine *e, const struct ir_node *lhs, int inc)
{
	int var = var_of(e->fa, lhs);
	char base[PATH_MAX_LEN];

	forget_elements(e, declref_name(lhs));
	ranges_var_written(e, var, lhs);
	if (render_path(lhs, base, sizeof(base), NULL)) {
		rebase_paths(e, base);
		ranges_path_written(e, base);
	}
	if (var < 0)
		return;
	for (unsigned k = 0; k < e->cur.len; k++) {
		struct config *c = e->cur.items[k];
		struct var_state *vs = &c->vars[var];
		unsigned b = vs->bits, out = 0;

		if (inc) {
			if (b & VAL_ZERO)
				out |= VAL_POS;
			if (b & VAL_POS)
				out |= VAL_POS;
			if (b & VAL_NEG)
				out |= VAL_NEG | VAL_ZERO;
		} else {
			if (b & VAL_ZERO)
				out |= VAL_NEG; /* an unsigned wraps: not > 0 either */
			if (b & VAL_POS)
				out |= VAL_POS | VAL_ZERO;
			if (b & VAL_NEG)
				out |= VAL_NEG;
		}
		vs->prev_bits = (uint8_t)b;
		vs->bits = (uint8_t)out;
		vs->link = -1;
		vs->link_kind = LINK_NONE;
	}
}

/* ---------------------------------------------------------- resources */

/*
 * The second kind of tracked object (resource_objects.h): its states live
 * in the same configurations as the disks and its acquisitions' results in
 * the same variables; these apply the resource module's rules to each
 * configuration.
 */

/* A call's effect on the resources, in every configuration. */
static void resource_effects(struct engine *e, const struct ir_node *call, int used)
{
	for (unsigned k = 0; e->fa->resources.n && k < e->cur.len; k++)
		resource_call(&e->fa->resources, ((struct config *)e->cur.items[k])->res, call,
			      used);
}

/* A condition that is an acquisition call itself ("if (register_blkdev(...))"). */
static void resource_refine_subject(struct engine *e, const struct ir_node *call, unsigned mask)
{
	for (unsigned k = 0; e->fa->resources.n && k < e->cur.len; k++)
		resource_refine_call(&e->fa->resources, ((struct config *)e->cur.items[k])->res,
				     call, mask);
}

/* The false branch of a condition naming a held resource: not ours to release. */
static void resource_guard(struct engine *e, const struct ir_node *cond)
{
	for (unsigned k = 0; e->fa->resources.n && k < e->cur.len; k++)
		resource_refine_guard(&e->fa->resources, ((struct config *)e->cur.items[k])->res,
				      cond);
}

struct var_reader {
	const struct fn_analysis *fa;
	const struct config *c;
};

static int read_var_bits(const void *arg, const struct ir_node *n)
{
	const struct var_reader *vr = arg;
	int var = var_of(vr->fa, n);

	return var >= 0 ? vr->c->vars[var].bits : -1;
}

/* A return with a resource held where the resource's class reads the
 * returned value as an error: one EV_RESOURCE_LEAK per resource, from the
 * first configuration that leaks it. */
static void report_resource_leaks(struct engine *e, const struct ir_node *ret_value,
				  struct ir_loc loc)
{
	const struct fn_analysis *fa = e->fa;
	const struct resource_table *t = &fa->resources;
	unsigned char *told;

	if (!t->n || fa->fn->returns_void)
		return;
	told = xcalloc(t->n, 1);
	for (unsigned c = 0; c < e->cur.len; c++) {
		const struct config *cf = e->cur.items[c];
		struct var_reader vr = { fa, cf };

		for (unsigned k = 0; k < t->n; k++) {
			unsigned bits;
			struct lint_event ev = { .kind = EV_RESOURCE_LEAK, .obj = -1, .loc = loc,
						 .ret_value = ret_value, .resource = &t->items[k] };

			if (told[k] || !(cf->res[k] & RS_HELD))
				continue;
			bits = resource_return_bits(t, t->items[k].cls_index, ret_value,
						    read_var_bits, &vr);
			if (!resource_leaked(t, k, cf->res, bits))
				continue;
			told[k] = 1;
			ev.path = t->items[k].key;
			emit(e, &ev);
		}
	}
	free(told);
}

/* --------------------------------------------------------- evaluation */

/* Any call that is not one of the lifecycle API's own: rules that judge
 * other functions (a free of the disk's owner) see the state before it. */
static void emit_call(struct engine *e, const struct ir_node *n, const char *name)
{
	struct lint_event ev = { .kind = EV_CALL, .obj = -1, .loc = n->loc, .callee = name,
				 .call = n };

	emit(e, &ev);
}

static void eval(struct engine *e, const struct ir_node *n, int used);

/* Does the body call del_gendisk() or put_disk() itself? */
static int calls_disk_release(const struct ir_node *n)
{
	if (!n)
		return 0;
	if (n->kind == IR_CALL && (!strcmp(ir_api_name(n), "del_gendisk") ||
				   !strcmp(ir_api_name(n), "put_disk")))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (calls_disk_release(n->kids[i]))
			return 1;
	return 0;
}

static void hand_over_state(struct obj_state *o, const void *arg)
{
	int16_t group = o->group;
	struct range_facts rf;

	(void)arg;
	save_ranges(o, &rf);
	memset(o, 0, sizeof(*o));
	restore_ranges(o, &rf);
	o->group = group;
	o->bits = DS_ENTRY;
}

/* devm_add_action_or_reset(dev, action, data) (6.12: a macro for
 * __devm_add_action_or_reset(..., #action)) whose same-file action calls
 * del_gendisk()/put_disk() (pmem_release_disk(): on a local copy of its
 * void * argument, so no summary effect names the parameter): the disks
 * reached from data are handed to devm -- on failure the action ran at
 * once, on success the device's teardown runs it -- and this function owes
 * them nothing more; their state becomes unknown, as after an opaque
 * helper.  Returns 1 when it handed over a tracked disk. */
static int devm_hand_over(struct engine *e, const struct ir_node *n)
{
	struct fn_analysis *fa = e->fa;
	const char *name = ir_call_name(n);
	const struct ir_node *action, *data;
	char buf[PATH_MAX_LEN];
	size_t len;
	int fi, handed = 0;

	if ((strcmp(name, "devm_add_action_or_reset") && strcmp(name, "__devm_add_action_or_reset")) ||
	    ir_call_nargs(n) < 3 || !fa->summaries)
		return 0;
	action = ir_strip(ir_call_arg(n, 1));
	data = ir_strip(ir_call_arg(n, 2));
	if (!action || action->kind != IR_DECLREF || !action->name || !data)
		return 0;
	fi = summary_function_index(fa->summaries, action->name);
	if (fi < 0 || !calls_disk_release(fa->summaries->lf->funcs[fi].body))
		return 0;
	if (data->kind == IR_UNARY && data->op == CXUnaryOperator_AddrOf && data->nkids == 1)
		data = ir_strip(data->kids[0]);
	if (!data || !render_path(data, buf, sizeof(buf), NULL))
		return 0;
	len = strlen(buf);
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (strcmp(p, buf) && (strncmp(p, buf, len) || (p[len] != '-' && p[len] != '.')))
			continue;
		ranges_taint(e, (int)i);
		for (unsigned k = 0; k < e->cur.len; k++)
			for_group(fa, e->cur.items[k], (int)i, hand_over_state, NULL);
		handed = 1;
	}
	return handed;
}

/* Does a function of the file other than self call del_gendisk() or
 * put_disk() on a path ending in "->field" / ".field"? */
static int releases_field(const struct ir_node *n, const char *field)
{
	if (!n)
		return 0;
	if (n->kind == IR_CALL && ir_call_nargs(n) >= 1 &&
	    (!strcmp(ir_api_name(n), "del_gendisk") || !strcmp(ir_api_name(n), "put_disk"))) {
		const struct ir_node *a = ir_strip(ir_call_arg(n, 0));

		if (a && a->kind == IR_MEMBER && a->name && !strcmp(a->name, field))
			return 1;
	}
	for (unsigned i = 0; i < n->nkids; i++)
		if (releases_field(n->kids[i], field))
			return 1;
	return 0;
}

/* The last reference of the disk's owner dropped on this path: a call of a
 * same-file foo_put(owner) without lifecycle effects of its own, where the
 * owner holds the disk (owner->field, an alias of it) and another function
 * of the file deletes or puts owner->field -- the owner's release, reached
 * through a kobject or a work item the summary cannot follow (md_alloc():
 * mddev->gendisk = disk ... mddev_put(mddev), md_kobj_release() does
 * del_gendisk(mddev->gendisk)).  The disk is handed to the owner. */
static int owner_put_hand_over(struct engine *e, const struct ir_node *n)
{
	struct fn_analysis *fa = e->fa;
	const struct lowered_file *lf = fa->summaries->lf;
	const char *name = n->name ? n->name : "";
	size_t nlen = strlen(name);
	int handed = 0;

	if (nlen < 5 || strcmp(name + nlen - 4, "_put"))
		return 0;
	for (unsigned a = 0; a < ir_call_nargs(n); a++) {
		char buf[PATH_MAX_LEN];
		size_t len;

		if (!render_path(ir_strip(ir_call_arg(n, a)), buf, sizeof(buf), NULL))
			continue;
		len = strlen(buf);
		for (unsigned i = 0; i < fa->nobjs; i++) {
			const char *p = fa->objs[i].path, *field;
			int released = 0;

			if (strncmp(p, buf, len) || (p[len] != '-' && p[len] != '.'))
				continue;
			field = p + len + (p[len] == '-' ? 2 : 1);
			if (strpbrk(field, ".-["))
				continue; /* owner->field only, not deeper */
			for (size_t f = 0; f < lf->nfuncs && !released; f++)
				if (&lf->funcs[f] != fa->fn)
					released = releases_field(lf->funcs[f].body, field);
			if (!released)
				continue;
			ranges_taint(e, (int)i);
			for (unsigned k = 0; k < e->cur.len; k++)
				for_group(fa, e->cur.items[k], (int)i, hand_over_state, NULL);
			handed = 1;
		}
	}
	return handed;
}

static void eval_call(struct engine *e, const struct ir_node *n, int used)
{
	struct fn_analysis *fa = e->fa;
	const char *name = ir_call_name(n);
	const char *api = ir_api_name(n); /* "" for the driver's own functions */
	unsigned nargs = ir_call_nargs(n);
	int ai = add_disk_arg(api);
	int objs[8], nobjs;
	const struct ir_node *args[8];

	/* a call through a pointer: evaluating the callee may dereference a disk */
	if (n->nkids && ir_strip(n->kids[0]) && ir_strip(n->kids[0])->kind != IR_DECLREF)
		eval(e, n->kids[0], 1);
	for (unsigned i = 0; i < nargs; i++) {
		const struct ir_node *arg = ir_strip(n->kids[i + 1]);

		eval(e, n->kids[i + 1], 1);
		/* &i handed to a call (idr_get_next(idr, &id)): i may change */
		if (arg && arg->kind == IR_UNARY && arg->op == CXUnaryOperator_AddrOf &&
		    arg->nkids == 1) {
			forget_elements(e, declref_name(arg->kids[0]));
			ranges_var_written(e, var_of(fa, arg->kids[0]), arg);
		}
	}
	e->call = n;
	resource_effects(e, n, used);
	if (!fa->nobjs)
		return; /* no disk to follow: the rest is about disks */

	if (ai >= 0) {
		if ((unsigned)ai < nargs)
			lifecycle(e, EV_ADD, obj_of(fa, ir_call_arg(n, (unsigned)ai)), n->loc, name,
				  0, !used, NULL);
		return;
	}
	/* blk_cleanup_disk() (5.14-5.19) is queue cleanup plus put_disk(),
	 * whatever kernel the headers are */
	if (strcmp(api, "del_gendisk") == 0 || strcmp(api, "put_disk") == 0 ||
	    strcmp(api, "blk_cleanup_disk") == 0) {
		if (nargs >= 1)
			lifecycle(e, api[0] == 'd' ? EV_DEL : EV_PUT,
				  obj_of(fa, ir_call_arg(n, 0)), n->loc, name, 0, 0, ir_call_arg(n, 0));
		return;
	}
	if (is_allocator(api) || is_err_helper(api))
		return;
	emit_call(e, n, name);
	if (devm_hand_over(e, n))
		return;
	if (fa->summaries && summary_function_index(fa->summaries, n->name ? n->name : "") >= 0) {
		const struct function_summary *s = summary_for(fa->summaries, n->name);
		int any = 0;

		nobjs = summary_effects_on(fa, n, EFFECT_DEL, objs, args, 8);
		for (int i = 0; i < nobjs; i++)
			lifecycle(e, EV_DEL, objs[i], n->loc, name, 1, 0, args[i]);
		any |= nobjs;
		nobjs = summary_effects_on(fa, n, EFFECT_PUT, objs, args, 8);
		for (int i = 0; i < nobjs; i++)
			lifecycle(e, EV_PUT, objs[i], n->loc, name, 1, 0, args[i]);
		any |= nobjs;
		/* the helper also cleared the field it put */
		nobjs = summary_effects_on(fa, n, EFFECT_CLEAR, objs, NULL, 8);
		for (int i = 0; i < nobjs; i++) {
			struct value null = { .kind = V_NULL, .index = -1, .bits = VAL_ZERO };

			assign_object(e, objs[i], &null, n->loc);
		}
		nobjs = summary_effects_on(fa, n, EFFECT_ADD, objs, NULL, 8);
		for (int i = 0; i < nobjs; i++)
			lifecycle(e, EV_ADD, objs[i], n->loc, name, 1, !used, NULL);
		any |= nobjs;
		nobjs = summary_effects_on(fa, n, EFFECT_OPAQUE, objs, NULL, 8);
		for (int i = 0; i < nobjs; i++) {
			struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

			assign_object(e, objs[i], &unknown, n->loc);
		}
		any |= nobjs;
		/* allocates when it returns 0: the assignment of the result to a
		 * variable splits the paths (split_alloc_result); a result not
		 * kept leaves the disk unknown */
		nobjs = summary_effects_on(fa, n, EFFECT_ALLOC_ON_ZERO, objs, NULL, 8);
		for (int i = 0; i < nobjs; i++) {
			struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

			if (fa->assign_call != n || nobjs != 1)
				assign_object(e, objs[i], &unknown, n->loc);
		}
		any |= nobjs;
		(void)s;
		if (!any && owner_put_hand_over(e, n))
			return;
		/* a disk passed to a helper without lifecycle effects is a use */
		for (unsigned i = 0; i < nargs && !any; i++)
			use(e, obj_of(fa, ir_call_arg(n, i)), ir_call_arg(n, i)->loc, name);
		return;
	}
	for (unsigned i = 0; i < nargs; i++) {
		const struct ir_node *arg = ir_call_arg(n, i);
		int obj = obj_of(fa, arg);

		if (obj < 0)
			continue;
		use(e, obj, arg->loc, name);
		if (!name_in(non_escaping, api)) {
			ranges_taint(e, obj);
			for (unsigned k = 0; k < e->cur.len; k++)
				for_group(fa, e->cur.items[k], obj, mark_escaped, NULL);
		}
	}
}

static void eval(struct engine *e, const struct ir_node *n, int used)
{
	struct fn_analysis *fa = e->fa;

	if (!n || !e->cur.len)
		return;
	switch (n->kind) {
	case IR_CALL:
		eval_call(e, n, used);
		return;
	case IR_SIZEOF:
		return;
	case IR_DECL:
		if (n->nkids == 1) {
			const struct ir_node *saved = fa->assign_call;

			fa->assign_call = find_var(fa, n->name) >= 0 ? ir_strip(n->kids[0]) : NULL;
			eval(e, n->kids[0], 1);
			fa->assign_call = saved;
			assign_to(e, NULL, n->name, n->kids[0]);
		}
		return;
	case IR_MEMBER:
		if ((n->flags & IRF_ARROW) && n->nkids == 1) {
			int obj = obj_of(fa, n->kids[0]);

			if (obj >= 0)
				use(e, obj, n->kids[0]->loc, NULL);
		}
		break;
	case IR_UNARY:
		if (n->op == CXUnaryOperator_Deref && n->nkids == 1) {
			int obj = obj_of(fa, n->kids[0]);

			if (obj >= 0)
				use(e, obj, n->kids[0]->loc, NULL);
		}
		if (n->op >= CXUnaryOperator_PostInc && n->op <= CXUnaryOperator_PreDec &&
		    n->nkids == 1) {
			eval(e, n->kids[0], 1);
			step_var(e, n->kids[0], n->op == CXUnaryOperator_PostInc ||
						n->op == CXUnaryOperator_PreInc);
			return;
		}
		if (n->op == CXUnaryOperator_AddrOf)
			return; /* &disk, &dev->disk: no access */
		break;
	case IR_BINARY:
		if (n->nkids != 2)
			break;
		if (n->op == CXBinaryOperator_Assign) {
			const struct ir_node *saved = fa->assign_call;

			fa->assign_call = var_of(fa, n->kids[0]) >= 0 ? ir_strip(n->kids[1]) : NULL;
			eval(e, n->kids[1], 1);
			fa->assign_call = saved;
			eval(e, n->kids[0], 1);
			assign_to(e, n->kids[0], NULL, n->kids[1]);
			return;
		}
		if (n->op > CXBinaryOperator_Assign && n->op <= CXBinaryOperator_OrAssign) {
			eval(e, n->kids[1], 1);
			eval(e, n->kids[0], 1);
			forget_var(e, n->kids[0]);
			return;
		}
		if (n->op == CXBinaryOperator_Comma) {
			eval(e, n->kids[0], 0);
			eval(e, n->kids[1], used);
			return;
		}
		break;
	case IR_STMTEXPR:
	case IR_COMPOUND:
		for (unsigned i = 0; i < n->nkids; i++)
			eval(e, n->kids[i], n->kind == IR_STMTEXPR || i + 1 == n->nkids ? used : 0);
		return;
	default:
		break;
	}
	for (unsigned i = 0; i < n->nkids; i++)
		eval(e, n->kids[i], 1);
}

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
};

static void refine_group_member(struct obj_state *o, const void *arg)
{
	struct refine_arg *ra = (struct refine_arg *)arg;

	o->bits = ra->fn ? ra->fn(o->bits, ra->flag) : refine_add_result(o->bits, ra->result_bits);
	if (!ra->fn && (o->bits & DS_ADDED) && ra->result_bits == VAL_ZERO)
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
							 .flag = vs->bits != VAL_ZERO };

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
static int check_of(struct fn_analysis *fa, const struct ir_node *c, enum check_kind *kind)
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
static void refine(struct engine *e, const struct ir_node *cond, int sense)
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
				struct refine_arg ra = { .fn = refine_error, .flag = sense };

				for_group(fa, cf, obj, refine_group_member, &ra);
				if (ra.empty)
					free(cf);
				else
					e->cur.items[kept++] = cf;
			}
			e->cur.len = kept;
			return;
		}
		if (fa->resources.n || add_result_obj(fa, c) >= 0)
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

/* ------------------------------------------------------------ returns */

static int value_is_error(const struct fn_analysis *fa, const struct config *c,
			  const struct ir_node *v)
{
	const struct ir_node *n = ir_strip(v);
	int var;

	if (!n || fa->fn->returns_void)
		return 0;
	if (n->kind == IR_CALL) {
		const char *name = ir_api_name(n);

		return strcmp(name, "PTR_ERR") == 0 || strcmp(name, "ERR_PTR") == 0 ||
		       strcmp(name, "ERR_CAST") == 0;
	}
	if (value_negative_constant(n))
		return 1;
	/* a pointer variable (tracked for a resource's sake) is no error code */
	var = n->flags & IRF_POINTER ? -1 : var_of(fa, n);
	if (var >= 0)
		return c->vars[var].bits && !(c->vars[var].bits & VAL_ZERO);
	return 0;
}

unsigned ev_nconfigs(const struct lint_event *ev)
{
	return ev->configs->len;
}

const struct obj_state *ev_obj(const struct lint_event *ev, unsigned config, int obj)
{
	return &((const struct config *)ev->configs->items[config])->objs[obj];
}

int ev_return_is_error(const struct lint_event *ev, unsigned config)
{
	return value_is_error(ev->fa, ev->configs->items[config], ev->ret_value);
}

int ev_return_is_zero(const struct lint_event *ev, unsigned config)
{
	const struct ir_node *n = ir_strip(ev->ret_value);
	int var;

	if (!n || ev->fa->fn->returns_void)
		return 0;
	if (value_zero_literal(n))
		return 1;
	var = n->flags & IRF_POINTER ? -1 : var_of(ev->fa, n);
	return var >= 0 &&
	       ((const struct config *)ev->configs->items[config])->vars[var].bits == VAL_ZERO;
}

int ev_return_hands_over(const struct lint_event *ev, unsigned config, int obj)
{
	const struct fn_analysis *fa = ev->fa;
	const struct config *c = ev->configs->items[config];
	char buf[PATH_MAX_LEN];
	size_t len;

	if (!ev->ret_value || !render_path(ev->ret_value, buf, sizeof(buf), NULL))
		return 0;
	len = strlen(buf);
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (c->objs[i].group != c->objs[obj].group)
			continue;
		if (strcmp(p, buf) == 0)
			return 1;
		if (strncmp(p, buf, len) == 0 && (p[len] == '-' || p[len] == '.' || p[len] == '['))
			return 1;
	}
	return 0;
}

int ev_is_group_leader(const struct lint_event *ev, unsigned config, int obj)
{
	return ((const struct config *)ev->configs->items[config])->objs[obj].group == obj;
}

int ev_group_is_weak(const struct lint_event *ev, unsigned config, int obj)
{
	const struct config *c = ev->configs->items[config];

	for (unsigned i = 0; i < ev->fa->nobjs; i++)
		if (c->objs[i].group == c->objs[obj].group && ev->fa->objs[i].weak)
			return 1;
	return 0;
}

int ev_same_element(const struct lint_event *ev, const struct ir_node *prev)
{
	return same_element(ev->elem, prev);
}

const char *ev_obj_path(const struct lint_event *ev, int obj)
{
	return ev->fa->objs[obj].path;
}

static int cond_has_check(const struct fn_analysis *fa, const struct ir_node *n, int obj,
			  enum check_kind kind)
{
	enum check_kind k = CHECK_NULL;

	n = ir_strip(n);
	if (!n)
		return 0;
	if (check_of((struct fn_analysis *)fa, n, &k) == obj && k == kind &&
	    (n->kind == IR_CALL || kind == CHECK_NULL))
		return 1;
	if (n->kind == IR_UNARY || n->kind == IR_BINARY || n->kind == IR_CONDOP)
		for (unsigned i = 0; i < n->nkids; i++)
			if (cond_has_check(fa, n->kids[i], obj, kind))
				return 1;
	return 0;
}

int ev_cond_has_check(const struct lint_event *ev, enum check_kind kind)
{
	return ev->root_cond && cond_has_check(ev->fa, ev->root_cond, ev->obj, kind);
}

/* Does the subtree name obj (an access path that is obj or goes through it)? */
static int names_obj(const struct fn_analysis *fa, const struct ir_node *n, int obj)
{
	if (!n)
		return 0;
	if ((n->kind == IR_DECLREF || n->kind == IR_MEMBER || n->kind == IR_SUBSCRIPT) &&
	    obj_of((struct fn_analysis *)fa, n) == obj)
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (names_obj(fa, n->kids[i], obj))
			return 1;
	return 0;
}

/* The if statement of the event's condition is kid i of the compound s:
 * the condition of the first later if that checks obj with kind, when
 * only statements that do not name obj (nor leave the straight line: a
 * return, goto, break, continue or label) come between. */
static const struct ir_node *check_after(const struct lint_event *ev, const struct ir_node *s,
					 unsigned i, enum check_kind kind)
{
	for (unsigned j = i + 1; j < s->nkids; j++) {
		const struct ir_node *k = s->kids[j];

		if (k->kind == IR_IF && k->nkids >= 2 &&
		    cond_has_check(ev->fa, k->kids[0], ev->obj, kind))
			return k->kids[0];
		if (k->kind == IR_RETURN || k->kind == IR_GOTO || k->kind == IR_BREAK ||
		    k->kind == IR_CONTINUE || k->kind == IR_LABEL || names_obj(ev->fa, k, ev->obj))
			return NULL;
	}
	return NULL;
}

static const struct ir_node *check_follows_in(const struct lint_event *ev, const struct ir_node *n,
					      enum check_kind kind, int *found)
{
	if (!n || *found)
		return NULL;
	for (unsigned i = 0; i < n->nkids; i++) {
		const struct ir_node *k = n->kids[i], *r;

		if (k->kind == IR_IF && k->nkids >= 2 && k->kids[0] == ev->root_cond) {
			*found = 1;
			/* the branches of the test itself must leave the object alone */
			if (names_obj(ev->fa, k->kids[1], ev->obj))
				return NULL;
			if (k->nkids > 2) {
				const struct ir_node *e = ir_strip(k->kids[2]);

				/* if (!d) ...; else if (IS_ERR(d)) ... */
				if (e && e->kind == IR_IF && e->nkids >= 2 &&
				    cond_has_check(ev->fa, e->kids[0], ev->obj, kind))
					return e->kids[0];
				return NULL;
			}
			return n->kind == IR_COMPOUND ? check_after(ev, n, i, kind) : NULL;
		}
		r = check_follows_in(ev, k, kind, found);
		if (r || *found)
			return r;
	}
	return NULL;
}

const struct ir_node *ev_check_follows(const struct lint_event *ev, enum check_kind kind)
{
	int found = 0;

	if (ev->kind != EV_ALLOC_CHECK || !ev->root_cond || ev->obj < 0)
		return NULL;
	return check_follows_in(ev, ev->fa->fn->body, kind, &found);
}

const char *ev_target_version(const struct lint_event *ev)
{
	return ev->fa->target->version[0] ? ev->fa->target->version : "6.12";
}

static char *vformat(const char *fmt, va_list ap)
{
	char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0 || !msg)
		return xstrdup(fmt);
	return msg;
}

struct finding *lint_report(const struct lint_event *ev, const char *rule_id, struct ir_loc loc,
			    const char *fmt, ...)
{
	const struct rule *r = rule_at((size_t)rule_index(rule_id));
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = vformat(fmt, ap);
	va_end(ap);
	return finding_add(ev->fa->findings, r->id, r->severity, r->confidence, loc,
			   ev->fa->fn->name, msg);
}

void lint_note(struct finding *f, struct ir_loc loc, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!f)
		return;
	va_start(ap, fmt);
	msg = vformat(fmt, ap);
	va_end(ap);
	finding_add_note(f, loc, msg);
}

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

static struct config *entry_config(const struct fn_analysis *fa)
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


/* For the loop recognizer: the each-element operation one statement of a
 * loop body applies to the element indexed by ivar -- an allocation
 * stored in it, del_gendisk()/put_disk() of it, or a summarised helper
 * given it (or given the index, for a global array) that deletes, puts,
 * or allocates it when it returns 0 (ret = helper(i)). */
static int loop_op_of(void *ctx, const struct ir_node *stmt, const char *ivar,
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

static int loop_var_of(void *ctx, const char *name)
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

/* The parameter a global array path's first subscript is indexed with
 * wherever the function names the path (unit[drive].disk[type]: drive);
 * -1 when none, -2 when it varies. */
static void scan_index_param(const struct fn_analysis *fa, const struct ir_node *n,
			     const char *path, int *param)
{
	char buf[PATH_MAX_LEN];

	if (!n || *param == -2)
		return;
	if ((n->kind == IR_SUBSCRIPT || n->kind == IR_MEMBER) &&
	    render_path(n, buf, sizeof(buf), NULL) && !strcmp(buf, path)) {
		const struct ir_node *x = n, *first = NULL, *ix;
		int p = -1;

		while ((x = ir_strip(x))) {
			if (x->kind == IR_SUBSCRIPT && x->nkids == 2) {
				first = x;
				x = x->kids[0];
			} else if (x->kind == IR_MEMBER && x->nkids == 1) {
				x = x->kids[0];
			} else {
				break;
			}
		}
		ix = first ? ir_strip(first->kids[1]) : NULL;
		for (unsigned i = 0; ix && ix->kind == IR_DECLREF && ix->name && i < fa->fn->nparams;
		     i++)
			if (!strcmp(fa->fn->params[i], ix->name))
				p = (int)i;
		*param = (p < 0 || (*param >= 0 && *param != p)) ? -2 : p;
		return;
	}
	for (unsigned i = 0; i < n->nkids; i++)
		scan_index_param(fa, n->kids[i], path, param);
}

int fn_analysis_index_param(const struct fn_analysis *fa, int obj)
{
	int param = -1;

	if (obj < 0 || !fa->objs[obj].weak || fa->objs[obj].param >= 0)
		return -1;
	scan_index_param(fa, fa->fn->body, fa->objs[obj].path, &param);
	return param >= 0 ? param : -1;
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

static void add_resource_var(void *arg, const char *name)
{
	struct fn_analysis *fa = arg;
	int var;

	add_var(fa, name);
	var = find_var(fa, name);
	if (var >= 0)
		fa->res_vars[var] = 1;
}

void fn_analysis_track_resources(struct fn_analysis *fa, const struct resource_classes *rc)
{
	fa->disk_nvars = fa->nvars;
	fa->res_vars = xcalloc(MAX_VARS, 1);
	resource_table_scan(&fa->resources, rc, fa->fn, add_resource_var, fa);
	if (fa->resources.n && !fa->nobjs)
		cfg_build(fa->fn, &fa->cfg);
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
			    !same_ranges(x, y))
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

static int set_over_bound(void *ctx, const struct df_set *s)
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
