/*
 * Allocator wrappers: functions of the file, or static inline functions of
 * the driver's own headers, that return a disk they allocated with
 * blk_alloc_disk() / blk_mq_alloc_disk() (a compat helper such as
 * gdv_alloc_disk()).  A caller's "disk = wrapper(...)" is then an
 * allocation for the syntax-level rules (local_disks.h), with what the
 * wrapper already set on the disk before returning it.
 */
#ifndef GENDISK_LINT_DISK_WRAPPERS_H
#define GENDISK_LINT_DISK_WRAPPERS_H

#include "ast_lowering.h"

#include <stddef.h>

struct disk_wrapper {
	const char *name;
	const char *allocator; /* the kernel allocator it calls */
	int sets_fops, sets_name;
};

struct disk_wrappers {
	struct disk_wrapper *items;
	size_t len;
};

void disk_wrappers_find(struct disk_wrappers *dw, const struct lowered_file *lf);
/* The wrapper called name, or NULL (dw may be NULL). */
const struct disk_wrapper *disk_wrappers_lookup(const struct disk_wrappers *dw, const char *name);
void disk_wrappers_free(struct disk_wrappers *dw);

#endif
