/*
 * The allocator wrappers of a file, as a table: what a wrapper is, and
 * lookup by name.  Finding them is disk_wrappers.h's job; reading the
 * table is all the syntax-level collection (local_disks.h) needs, so the
 * two do not depend on each other.
 */
#ifndef GENDISK_LINT_DISK_WRAPPER_TABLE_H
#define GENDISK_LINT_DISK_WRAPPER_TABLE_H

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

/* The wrapper called name, or NULL (dw may be NULL). */
const struct disk_wrapper *disk_wrappers_lookup(const struct disk_wrappers *dw, const char *name);
void disk_wrappers_free(struct disk_wrappers *dw);

#endif
