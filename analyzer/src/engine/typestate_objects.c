/*
 * The typestate's tracked objects (typestate.h): the names of the
 * lifecycle API, access paths (dev->disk, host->disks[]) and the variables
 * the states depend on, and the prescan that finds them in a function
 * (lifecycle calls, allocations, driver wrappers of an allocator, simple
 * copies that make alias groups).
 */
#include "typestate_internal.h"

#include "kernel_version.h"
#include "string_list.h"
#include "summary_table.h"
#include "value_sets.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- names */

static const char *const allocators[] = {
	"blk_alloc_disk", "blk_mq_alloc_disk", "alloc_disk", "alloc_disk_node",
	"blk_mq_alloc_disk_for_queue", NULL,
};

/* Calls that take a disk without keeping or freeing it. */
const char *const non_escaping[] = {
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

int name_in(const char *const *list, const char *name)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return 1;
	return 0;
}

int is_allocator(const char *name)
{
	return name_in(allocators, name);
}

int is_err_helper(const char *name)
{
	return strcmp(name, "IS_ERR") == 0 || strcmp(name, "IS_ERR_OR_NULL") == 0 ||
	       strcmp(name, "PTR_ERR") == 0 || strcmp(name, "ERR_PTR") == 0 ||
	       strcmp(name, "ERR_CAST") == 0 || strcmp(name, "PTR_ERR_OR_ZERO") == 0 ||
	       strcmp(name, "IS_ERR_VALUE") == 0;
}

/* Index of the disk argument of add_disk / device_add_disk, or -1. */
int add_disk_arg(const char *name)
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

int render_path(const struct ir_node *n, char *buf, size_t size, unsigned *root_flags)
{
	return render_access(n, buf, size, root_flags, NULL);
}

int render_elem(const struct ir_node *n, char *buf, size_t size)
{
	size_t elem_len = 0;

	if (!n || !render_access(n, buf, size, NULL, &elem_len) || !elem_len)
		return 0;
	buf[elem_len] = '\0';
	return 1;
}

int same_element(const struct ir_node *a, const struct ir_node *b)
{
	char x[PATH_MAX_LEN], y[PATH_MAX_LEN];

	if (!a || !b)
		return 0;
	if (a == b)
		return 1;
	return render_elem(a, x, sizeof(x)) && render_elem(b, y, sizeof(y)) && strcmp(x, y) == 0;
}

int find_obj(const struct fn_analysis *fa, const char *path)
{
	for (unsigned i = 0; i < fa->nobjs; i++)
		if (strcmp(fa->objs[i].path, path) == 0)
			return (int)i;
	return -1;
}

int find_var(const struct fn_analysis *fa, const char *name)
{
	for (unsigned i = 0; i < fa->nvars; i++)
		if (strcmp(fa->vars[i], name) == 0)
			return (int)i;
	return -1;
}

int obj_of(const struct fn_analysis *fa, const struct ir_node *n)
{
	char buf[PATH_MAX_LEN];

	if (!fa->nobjs || !render_path(n, buf, sizeof(buf), NULL))
		return -1;
	return find_obj(fa, buf);
}

int var_of(const struct fn_analysis *fa, const struct ir_node *n)
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

void add_var(struct fn_analysis *fa, const char *name)
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
int wrap_index(const struct fn_analysis *fa, const struct ir_node *call)
{
	for (unsigned i = 0; i < fa->nwrap; i++)
		if (fa->wrap_calls[i] == call)
			return (int)i;
	return -1;
}

/* The allocator call an expression evaluates to (the kernel's, or a
 * driver wrapper checked as one), or NULL. */
const struct ir_node *alloc_call_of(const struct fn_analysis *fa, const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_CALL && (is_allocator(ir_api_name(n)) || wrap_index(fa, n) >= 0))
		return n;
	return NULL;
}

/* The path a summary effect names at a call: the argument's path plus the
 * effect's suffix (&dev->unit[i] + "->disk" = dev->unit[].disk), or the
 * global path itself. */
int summary_target(const struct ir_node *call, const struct summary_effect *eff,
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
const char *field_suffix(const char *path, const char *base)
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

void prescan(struct fn_analysis *fa)
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
