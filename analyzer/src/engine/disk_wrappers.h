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
#include "disk_wrapper_table.h"

void disk_wrappers_find(struct disk_wrappers *dw, const struct lowered_file *lf);

#endif
