/* Functions that return a disk they allocated (disk_wrappers.h). */
#include "disk_wrappers.h"

#include "file_rules.h"
#include "local_disks.h"
#include "string_list.h"

#include <stdlib.h>
#include <string.h>

struct return_scan {
	const struct local_disks *ld;
	const char *allocator; /* the kernel allocator of the disk a return hands back */
	const char *disk;      /* its path in the function; NULL: returned directly */
};

static int find_return(const struct ir_node *n, void *data)
{
	struct return_scan *rs = data;
	char path[LD_PATH_LEN];
	const struct ir_node *v;

	if (rs->allocator)
		return 0;
	if (n->kind != IR_RETURN || n->nkids != 1)
		return 1;
	v = ir_strip(n->kids[0]);
	if (v && v->kind == IR_CALL) {
		/* return blk_mq_alloc_disk(...); */
		rs->allocator = local_disks_kernel_allocator(ir_call_name(v));
		return 0;
	}
	if (!ir_path_text(v, path, sizeof(path)))
		return 0;
	for (unsigned i = 0; i < rs->ld->allocs.len && !rs->allocator; i++)
		if (local_disks_same(rs->ld, path, rs->ld->allocs.items[i].path)) {
			rs->allocator = rs->ld->allocs.items[i].callee;
			rs->disk = rs->ld->allocs.items[i].path;
		}
	return 0;
}

static int sets_member(const struct local_disks *ld, const char *disk, const char *member)
{
	for (unsigned i = 0; i < ld->members.len; i++)
		if (!strcmp(ld->members.items[i].member, member) &&
		    local_disks_same(ld, ld->members.items[i].path, disk))
			return 1;
	return 0;
}

/* disk_name is an array: written through a call (snprintf, strscpy), so
 * any mention of <disk>->disk_name counts. */
struct name_scan {
	const struct local_disks *ld;
	const char *disk;
	int found;
};

static int find_name(const struct ir_node *n, void *data)
{
	struct name_scan *ns = data;
	char base[LD_PATH_LEN];

	if (n->kind == IR_MEMBER && n->name && !strcmp(n->name, "disk_name") && n->nkids == 1 &&
	    ir_path_text(n->kids[0], base, sizeof(base)) && local_disks_same(ns->ld, base, ns->disk))
		ns->found = 1;
	return !ns->found;
}

static void consider(struct disk_wrappers *dw, const struct ir_function *fn, size_t *cap)
{
	struct local_disks ld;
	struct return_scan rs;

	local_disks_collect(&ld, fn);
	rs.ld = &ld;
	rs.allocator = NULL;
	rs.disk = NULL;
	ir_walk(fn->body, find_return, &rs);
	if (rs.allocator) {
		struct name_scan ns = { &ld, rs.disk, 0 };
		struct disk_wrapper *w;

		if (rs.disk)
			ir_walk(fn->body, find_name, &ns);
		if (dw->len == *cap) {
			*cap = *cap ? 2 * *cap : 8;
			dw->items = xrealloc(dw->items, *cap * sizeof(*dw->items));
		}
		w = &dw->items[dw->len++];
		w->name = fn->name;
		w->allocator = rs.allocator;
		w->sets_fops = rs.disk && sets_member(&ld, rs.disk, "fops");
		w->sets_name = ns.found;
	}
	local_disks_free(&ld);
}

void disk_wrappers_find(struct disk_wrappers *dw, const struct lowered_file *lf)
{
	size_t cap = 0;

	memset(dw, 0, sizeof(*dw));
	for (size_t i = 0; i < lf->nfuncs; i++)
		consider(dw, &lf->funcs[i], &cap);
	for (size_t i = 0; i < lf->nheader_funcs; i++)
		consider(dw, &lf->header_funcs[i], &cap);
}
