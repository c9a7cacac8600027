/*
 * Syntactic facts of one function about the gendisks it allocates, for
 * syntax-level rules (file_rules.h): allocation sites (blk_alloc_disk,
 * blk_mq_alloc_disk), plain copies between access paths (dev->disk = disk),
 * assignments to members of a path (disk->minors = 16) and add_disk calls.
 * Order is source order; no control flow.
 */
#ifndef GENDISK_LINT_LOCAL_DISKS_H
#define GENDISK_LINT_LOCAL_DISKS_H

#include "ir.h"

struct disk_wrappers;
struct disk_wrapper;

#define LD_PATH_LEN 160

struct ld_item {
	char path[LD_PATH_LEN];   /* alloc/copy target, member base, add argument */
	char other[LD_PATH_LEN];  /* copy source */
	const char *member;       /* member assignments: the member name */
	const char *callee;       /* allocs: the allocator; adds: add_disk/device_add_disk */
	const struct disk_wrapper *via; /* allocs through a wrapper: it (callee is
					 * the kernel allocator it calls) */
	const struct ir_node *value; /* member assignments: the right-hand side */
	struct ir_loc loc;
};

struct ld_list {
	struct ld_item *items;
	unsigned len, cap;
};

struct local_disks {
	struct ld_list allocs, copies, members, adds;
	const struct disk_wrappers *wrappers;
};

void local_disks_collect(struct local_disks *ld, const struct ir_function *fn);
/* The same, counting calls of the allocator wrappers in dw as allocations. */
void local_disks_collect_via(struct local_disks *ld, const struct ir_function *fn,
			     const struct disk_wrappers *dw);
void local_disks_free(struct local_disks *ld);
/* a and b name the same disk through the function's plain copies */
int local_disks_same(const struct local_disks *ld, const char *a, const char *b);
/* fn if it is a kernel disk allocator (blk_alloc_disk, blk_mq_alloc_disk), else NULL. */
const char *local_disks_kernel_allocator(const char *fn);
/* The allocation of path's disk before loc in this function, or NULL. */
const struct ld_item *local_disks_alloc_before(const struct local_disks *ld, const char *path,
					       struct ir_loc loc);
int ir_loc_before(struct ir_loc a, struct ir_loc b);
/* Value of an integer constant expression (literals with << * + - |). */
int ir_const_value(const struct ir_node *n, long long *v);

#endif
