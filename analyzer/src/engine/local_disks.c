/* Per-function syntactic facts about locally allocated disks (local_disks.h). */
#include "local_disks.h"

#include "disk_wrapper_table.h"
#include "file_rules.h"
#include "string_list.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ir_loc_before(struct ir_loc a, struct ir_loc b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

int ir_const_value(const struct ir_node *n, long long *v)
{
	long long a, b;

	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE)) {
		*v = n->value;
		return 1;
	}
	if (n->kind != IR_BINARY || n->nkids != 2 || !ir_const_value(n->kids[0], &a) ||
	    !ir_const_value(n->kids[1], &b))
		return 0;
	switch (n->op) {
	case CXBinaryOperator_Shl:
		if (b < 0 || b > 32)
			return 0;
		*v = a << b;
		return 1;
	case CXBinaryOperator_Mul: *v = a * b; return 1;
	case CXBinaryOperator_Add: *v = a + b; return 1;
	case CXBinaryOperator_Sub: *v = a - b; return 1;
	case CXBinaryOperator_Or: *v = a | b; return 1;
	default: return 0;
	}
}

static struct ld_item *push(struct ld_list *l, const char *path, struct ir_loc loc)
{
	struct ld_item *it;

	if (l->len == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->items = xrealloc(l->items, l->cap * sizeof(*l->items));
	}
	it = &l->items[l->len++];
	memset(it, 0, sizeof(*it));
	snprintf(it->path, sizeof(it->path), "%s", path);
	it->loc = loc;
	return it;
}

const char *local_disks_kernel_allocator(const char *fn)
{
	return !strcmp(fn, "blk_alloc_disk") || !strcmp(fn, "blk_mq_alloc_disk") ? fn : NULL;
}

/* The kernel allocator of a disk allocated by n, or NULL; *via: the
 * wrapper called, if it is one. */
static const char *disk_allocator(const struct local_disks *ld, const struct ir_node *n,
				  const struct disk_wrapper **via)
{
	const char *fn;

	*via = NULL;
	n = ir_strip(n);
	if (!n || n->kind != IR_CALL)
		return NULL;
	fn = ir_call_name(n);
	if (local_disks_kernel_allocator(ir_api_name(n)))
		return fn;
	*via = disk_wrappers_lookup(ld->wrappers, fn);
	return *via ? (*via)->allocator : NULL;
}

static void assignment(struct local_disks *ld, const char *lhs_path, const struct ir_node *lhs,
		       const struct ir_node *rhs, struct ir_loc loc)
{
	char rpath[LD_PATH_LEN];
	const struct disk_wrapper *via;
	const char *alloc;
	struct ld_item *site;

	lhs = ir_strip(lhs);
	if (lhs && lhs->kind == IR_MEMBER && lhs->nkids == 1 && lhs->name) {
		char base[LD_PATH_LEN];

		if (ir_path_text(lhs->kids[0], base, sizeof(base))) {
			struct ld_item *it = push(&ld->members, base, loc);

			it->member = lhs->name;
			it->value = rhs;
		}
	}
	alloc = disk_allocator(ld, rhs, &via);
	if (alloc) { /* located at the allocator's name, as the engine's notes are */
		site = push(&ld->allocs, lhs_path, ir_strip(rhs)->loc);
		site->callee = alloc;
		site->via = via;
	} else if (ir_path_text(rhs, rpath, sizeof(rpath)))
		snprintf(push(&ld->copies, lhs_path, loc)->other, LD_PATH_LEN, "%s", rpath);
}

static int collect(const struct ir_node *n, void *data)
{
	struct local_disks *ld = data;
	char path[LD_PATH_LEN];

	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    ir_path_text(n->kids[0], path, sizeof(path))) {
		assignment(ld, path, n->kids[0], n->kids[1], n->loc);
	} else if (n->kind == IR_DECL && n->nkids == 1 && n->name) {
		assignment(ld, n->name, NULL, n->kids[0], n->loc);
	} else if (n->kind == IR_CALL) {
		const char *fn = ir_api_name(n);
		int arg = !strcmp(fn, "add_disk") ? 0 : !strcmp(fn, "device_add_disk") ? 1 : -1;

		if (arg >= 0 && ir_path_text(ir_call_arg(n, (unsigned)arg), path, sizeof(path)))
			push(&ld->adds, path, n->loc)->callee = fn;
	}
	return 1;
}

void local_disks_collect_via(struct local_disks *ld, const struct ir_function *fn,
			     const struct disk_wrappers *dw)
{
	memset(ld, 0, sizeof(*ld));
	ld->wrappers = dw;
	ir_walk(fn->body, collect, ld);
}

void local_disks_collect(struct local_disks *ld, const struct ir_function *fn)
{
	local_disks_collect_via(ld, fn, NULL);
}

void local_disks_free(struct local_disks *ld)
{
	free(ld->allocs.items);
	free(ld->copies.items);
	free(ld->members.items);
	free(ld->adds.items);
	memset(ld, 0, sizeof(*ld));
}

int local_disks_same(const struct local_disks *ld, const char *a, const char *b)
{
	const char **cls;
	unsigned ncls = 1, grew = 1, cap = ld->copies.len + 1;
	int found = 0;

	if (!strcmp(a, b))
		return 1;
	cls = xmalloc(cap * sizeof(*cls));
	cls[0] = a;
	while (grew) {
		grew = 0;
		for (unsigned i = 0; i < ld->copies.len; i++) {
			const char *x = ld->copies.items[i].path, *y = ld->copies.items[i].other;
			int hx = 0, hy = 0;

			for (unsigned k = 0; k < ncls; k++) {
				hx |= !strcmp(cls[k], x);
				hy |= !strcmp(cls[k], y);
			}
			if (hx != hy && ncls < cap) {
				cls[ncls++] = hx ? y : x;
				grew = 1;
			}
		}
	}
	for (unsigned k = 0; k < ncls; k++)
		found |= !strcmp(cls[k], b);
	free(cls);
	return found;
}

const struct ld_item *local_disks_alloc_before(const struct local_disks *ld, const char *path,
					       struct ir_loc loc)
{
	for (unsigned i = 0; i < ld->allocs.len; i++)
		if (ir_loc_before(ld->allocs.items[i].loc, loc) &&
		    local_disks_same(ld, path, ld->allocs.items[i].path))
			return &ld->allocs.items[i];
	return NULL;
}
