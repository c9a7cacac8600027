/*
 * A disk whose ->free_disk frees its private data: the fops table a
 * function of the file assigns to the disk (disk->fops = &foo_fops), that
 * table's .free_disk in the module, whether it frees disk->private_data
 * (kfree(disk->private_data), or of a local read from it), and what the
 * file stores in that disk's private_data (disk->private_data = dev).
 * The last put_disk() of a disk that was added runs ->free_disk
 * (disk_release(), 6.12 block/genhd.c:1228-1229), so after it the driver
 * structure is gone.  Syntax only (access paths as written).
 */
#ifndef GENDISK_LINT_FREE_DISK_PRIVATE_H
#define GENDISK_LINT_FREE_DISK_PRIVATE_H

#include "ast_lowering.h"
#include "module_facts.h"

#include <stddef.h>

struct free_disk_private {
	const struct ir_function *free_disk; /* the module's ->free_disk */
	struct ir_loc free_loc;              /* its kfree() of the private data */
	const struct ir_node *owner;         /* what lf stores in the disk's private_data */
};

/* For the disk spelled disk (dd->disk) in lf: 1 and *out when lf sets its
 * fops to a table of the module whose .free_disk frees the private data,
 * and sets its private_data to an access path; else 0. */
int free_disk_private_of(const struct module_facts *mf, const struct lowered_file *lf,
			 const char *disk, struct free_disk_private *out);

#endif
